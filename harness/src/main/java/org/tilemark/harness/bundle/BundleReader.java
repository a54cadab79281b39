package org.tilemark.harness.bundle;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Reads a results bundle's files as {@link ResultsBundle} wrote them, one reader per file, each handing
 * back the file's records ({@link RunFile}, {@link ScoreFile}, {@link IntervalLine}, {@link InfraOpLine},
 * the histogram logs); a field a bundle of an older format lacks is read as that format meant it. It
 * only reports what it finds (absent, damaged, which lines do not fit): the report tolerates a crashed
 * run's damage, verify refuses it, compare and search skip it, each in its own words.
 */
public final class BundleReader {

    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING);

    private final Path directory;

    /**
     * One line of a JSON-lines file as its record, its 1-based number (messages name it), and the line as
     * written, which only {@link WrittenDiff} reads (to compare a recomputed record field by field); null where the
     * file was read as records only ({@link #intervalRecords()}).
     */
    public record Line<T>(int number, T value, JsonNode written) {
    }

    /** A line that is not a JSON object of its record, or lacks what places it, and why. */
    public record BadLine(int number, String problem) {
    }

    /** A JSON-lines file: its lines as records, the bad ones, and the number of its last non-blank line. */
    public record Lines<T>(String name, List<Line<T>> lines, List<BadLine> bad, int lastNonBlank) {
        public Lines {
            lines = List.copyOf(lines);
            bad = List.copyOf(bad);
        }

        public List<T> values() {
            return lines.stream().map(Line::value).toList();
        }

        /** Whether the last non-blank line is bad, as a crash mid-write leaves it. */
        public boolean lastLineBad() {
            return !bad.isEmpty() && bad.getLast().number() == lastNonBlank;
        }
    }

    /** A file that is there but cannot be read as what it should be; {@code problem} says why. */
    public static final class DamagedFile extends Exception {
        private final String name;
        private final String problem;

        DamagedFile(String name, String problem) {
            super(name + ": " + problem);
            this.name = name;
            this.problem = problem;
        }

        public String name() {
            return name;
        }

        public String problem() {
            return problem;
        }
    }

    /** A bundle file whose bytes are not text at all (binary garbage): bad input, named by the file. */
    public static final class NotText extends IOException {
        NotText(String name) {
            super(name + ": not UTF-8 text");
        }
    }

    private BundleReader(Path directory) {
        this.directory = directory;
    }

    public static BundleReader of(Path directory) {
        return new BundleReader(directory);
    }

    public Path directory() {
        return directory;
    }

    /** Whether {@code directory} holds a scored run (score.json): what compare and search read. */
    public static boolean isScored(Path directory) {
        return Files.isRegularFile(directory.resolve(BundleLayout.SCORE));
    }

    /** Whether {@code directory} holds a run's primary data, however incomplete. */
    public static boolean hasRunData(Path directory) {
        return Files.isRegularFile(directory.resolve(BundleLayout.RUN))
                || Files.isRegularFile(directory.resolve(BundleLayout.INTERVALS));
    }

    public boolean has(String name) {
        return Files.isRegularFile(directory.resolve(name));
    }

    /**
     * The bundle's format, from run.json; {@link BundleFormat#UNVERSIONED} when run.json is absent or
     * damaged (those readers that need run.json say so themselves).
     */
    public BundleFormat format() throws UnsupportedBundleFormat, IOException {
        try {
            Optional<ObjectNode> run = object(BundleLayout.RUN);
            return run.isPresent() ? BundleFormat.of(run.get()) : BundleFormat.UNVERSIONED;
        } catch (DamagedFile damaged) {
            return BundleFormat.UNVERSIONED;
        }
    }

    /** run.json as its record, once its format is one this version reads; empty when absent. */
    public Optional<RunFile> run() throws DamagedFile, UnsupportedBundleFormat, IOException {
        Optional<ObjectNode> run = object(BundleLayout.RUN);
        if (run.isEmpty()) {
            return Optional.empty();
        }
        BundleFormat.of(run.get());
        return Optional.of(bind(BundleLayout.RUN, run.get(), RunFile.class));
    }

    /** score.json as its record; empty when absent (a run that has not ended, or crashed). */
    public Optional<ScoreFile> score() throws DamagedFile, IOException {
        Optional<ObjectNode> score = object(BundleLayout.SCORE);
        return score.isEmpty() ? Optional.empty() : Optional.of(bind(BundleLayout.SCORE, score.get(), ScoreFile.class));
    }

    /**
     * score.json as written, for what must see the file itself rather than its record: {@link WrittenDiff}
     * (verify compares it with a recomputed record) and the web app's API, which serves it as it is.
     */
    public Optional<ObjectNode> scoreAsWritten() throws DamagedFile, IOException {
        return object(BundleLayout.SCORE);
    }

    /** run.json as written, once its format is one this version reads (the web app's API serves it as it is). */
    public Optional<ObjectNode> runAsWritten() throws DamagedFile, UnsupportedBundleFormat, IOException {
        Optional<ObjectNode> run = object(BundleLayout.RUN);
        if (run.isPresent()) {
            BundleFormat.of(run.get());
        }
        return run;
    }

    /** compare.json (a compare bundle's) as its record, once its format is one this version reads; empty when absent. */
    public Optional<CompareFile> compare() throws DamagedFile, UnsupportedBundleFormat, IOException {
        return versioned(BundleLayout.COMPARE, BundleFormat.COMPARE, CompareFile.class);
    }

    /** search.json (a search bundle's) as its record, once its format is one this version reads; empty when absent. */
    public Optional<SearchFile> search() throws DamagedFile, UnsupportedBundleFormat, IOException {
        return versioned(BundleLayout.SEARCH, BundleFormat.SEARCH, SearchFile.class);
    }

    /** search-config.json as its record; empty when absent. */
    public Optional<SearchFile.Config> searchConfig() throws DamagedFile, IOException {
        Optional<ObjectNode> config = object(BundleLayout.SEARCH_CONFIG);
        return config.isEmpty() ? Optional.empty()
                : Optional.of(bind(BundleLayout.SEARCH_CONFIG, config.get(), SearchFile.Config.class));
    }

    /** steps.jsonl's lines (a search's steps as they finished); empty when absent. */
    public Optional<Lines<SearchFile.Step>> searchSteps() throws IOException {
        return lines(BundleLayout.SEARCH_STEPS, SearchFile.Step.class, (tree, line) -> line.step() > 0 && line.tiles() > 0);
    }

    /** A storage bundle's run.json as its record; empty when absent. */
    public Optional<StorageFile.Run> storageRun() throws DamagedFile, IOException {
        Optional<ObjectNode> run = object(BundleLayout.RUN);
        return run.isEmpty() ? Optional.empty() : Optional.of(bind(BundleLayout.RUN, run.get(), StorageFile.Run.class));
    }

    /** storage.jsonl's data points; empty when absent. */
    public Optional<Lines<StorageFile.Point>> storagePoints() throws IOException {
        return lines(BundleLayout.STORAGE_POINTS, StorageFile.Point.class, (tree, line) -> line.pattern() != null);
    }

    /** scaling.jsonl's lines; empty when absent. */
    public Optional<Lines<StorageFile.ScalingLine>> scalingLines() throws IOException {
        return lines(BundleLayout.STORAGE_SCALING, StorageFile.ScalingLine.class, (tree, line) -> line.point().pattern() != null);
    }

    /** interference.jsonl's lines; empty when absent. */
    public Optional<Lines<StorageFile.InterferenceLine>> interferenceLines() throws IOException {
        return lines(BundleLayout.STORAGE_INTERFERENCE, StorageFile.InterferenceLine.class,
                (tree, line) -> line.point().pattern() != null);
    }

    private <T> Optional<T> versioned(String name, BundleFormat current, Class<T> type)
            throws DamagedFile, UnsupportedBundleFormat, IOException {
        Optional<ObjectNode> tree = object(name);
        if (tree.isEmpty()) {
            return Optional.empty();
        }
        BundleFormat.declared(tree.get(), name, current);
        return Optional.of(bind(name, tree.get(), type));
    }

    /** intervals.jsonl's lines as records; empty when absent. A line without its workload, stage or start is bad. */
    public Optional<Lines<IntervalLine>> intervals() throws IOException {
        return lines(BundleLayout.INTERVALS, IntervalLine.class, BundleReader::placedInterval);
    }

    private static boolean placedInterval(JsonNode tree, IntervalLine line) {
        return tree.path("interval").canConvertToInt() && tree.path("tile").canConvertToInt() && line.placed();
    }

    /**
     * intervals.jsonl's lines as {@link #intervals()} reads them, without each line's tree as written (which only verify
     * compares): what the report and compare hold of a long run's intervals, about 40 % less (docs/benchmarks.md).
     */
    public Optional<Lines<IntervalLine>> intervalRecords() throws IOException {
        List<Line<IntervalLine>> lines = new ArrayList<>();
        return each(BundleLayout.INTERVALS, IntervalLine.class, BundleReader::placedInterval,
                line -> lines.add(new Line<>(line.number(), line.value(), null)))
                .map(scan -> new Lines<>(BundleLayout.INTERVALS, lines, scan.bad(), scan.lastNonBlank()));
    }

    /** infra-ops.jsonl's lines as records; empty when absent (a run without infrastructure operations). */
    public Optional<Lines<InfraOpLine>> infraOps() throws IOException {
        return lines(BundleLayout.INFRA_OPS, InfraOpLine.class, (tree, line) -> line.placed());
    }

    /** vm-profile.jsonl's lines as records; empty when absent (a platform that measures nothing, a bundle from before it). */
    public Optional<Lines<VmProfileLine>> vmProfile() throws IOException {
        return lines(BundleLayout.VM_PROFILE, VmProfileLine.class, (tree, line) -> line.placed());
    }

    /**
     * vm-profile.jsonl added up per phase and VM as it is read, line by line: the lines are not kept (a standard run
     * of 16 tiles writes 160,000 of them); empty when absent.
     */
    public Optional<VmProfileTotals.Read> vmProfileTotals() throws IOException {
        VmProfileTotals.Sum sum = new VmProfileTotals.Sum();
        Optional<Scan> scan = each(BundleLayout.VM_PROFILE, VmProfileLine.class, (tree, line) -> line.placed(),
                line -> sum.add(line.value()));
        return scan.map(s -> new VmProfileTotals.Read(sum.phases(), sum.first(), s.bad()));
    }

    private Optional<ObjectNode> object(String name) throws DamagedFile, IOException {
        Path file = directory.resolve(name);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(file.toFile());
            if (node instanceof ObjectNode object) {
                return Optional.of(object);
            }
            throw new DamagedFile(name, "not a JSON object");
        } catch (JsonProcessingException e) {
            throw new DamagedFile(name, "not valid JSON (" + e.getOriginalMessage() + ")");
        }
    }

    private static <T> T bind(String name, JsonNode tree, Class<T> type) throws DamagedFile {
        try {
            return JSON.treeToValue(tree, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new DamagedFile(name, "does not fit its record (" + oneLine(e) + ")");
        }
    }

    static String oneLine(Exception e) {
        String message = e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse("");
    }

    private <T> Optional<Lines<T>> lines(String name, Class<T> type, JsonLinesFile.Placed<T> placed) throws IOException {
        List<Line<T>> lines = new ArrayList<>();
        return each(name, type, placed, lines::add).map(scan -> new Lines<>(name, lines, scan.bad(), scan.lastNonBlank()));
    }

    /** What reading a JSON-lines file line by line found besides the good lines it handed on. */
    public record Scan(String name, List<BadLine> bad, int lastNonBlank) {
        public Scan {
            bad = List.copyOf(bad);
        }
    }

    /** Something done with each good line of a file as it is read; it may end the read by throwing. */
    @FunctionalInterface
    public interface LineHandler<T, E extends Exception> {
        void handle(Line<T> line) throws E;
    }

    /**
     * intervals.jsonl line by line: each good line, with its tree as written, handed to {@code handler} as it is read
     * and not kept (verify's recomputation; a long run's lines and trees do not fit a heap: docs/benchmarks.md);
     * empty when the file is absent.
     */
    public <E extends Exception> Optional<Scan> intervals(LineHandler<IntervalLine, E> handler) throws IOException, E {
        return each(BundleLayout.INTERVALS, IntervalLine.class, BundleReader::placedInterval, handler);
    }

    /** Hands each good line of a JSON-lines file to {@code good} as it is read; empty when the file is absent. */
    private <T, E extends Exception> Optional<Scan> each(String name, Class<T> type, JsonLinesFile.Placed<T> placed,
                                                         LineHandler<T, E> good) throws IOException, E {
        return JsonLinesFile.each(JSON, directory.resolve(name), name, type, placed, good);
    }

    /**
     * The interval histograms of one tile's workload: interval start (ms, epoch) -> tag -> histogram;
     * empty when its log is absent. The whole log: a reader of a long run's logs walks them with
     * {@link #histogramCursor} instead.
     */
    public Optional<Map<Long, Map<String, Histogram>>> histograms(int tile, String workload) throws DamagedFile {
        Optional<HistogramLogCursor> opened = histogramCursor(tile, workload);
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        Map<Long, Map<String, Histogram>> intervals = new HashMap<>();
        try (HistogramLogCursor cursor = opened.get()) {
            for (var read = cursor.next(); read.isPresent(); read = cursor.next()) {
                // Kept compressed: decoded, a bundle's histograms do not fit a harness's heap.
                EncodedHistograms tags = new EncodedHistograms(read.get().startMs(), read.get().endMs());
                read.get().byTag().forEach(tags::add);
                intervals.put(read.get().startMs(), tags);
            }
        }
        return Optional.of(intervals);
    }

    /** One tile's workload histogram log, read an interval at a time; empty when it is absent. */
    public Optional<HistogramLogCursor> histogramCursor(int tile, String workload) {
        return HistogramLogCursor.open(directory, tile, workload);
    }
}
