package org.tilemark.harness.bundle;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One run's results directory, append-only while the run goes: {@code run.json} (stamped with the
 * {@link BundleFormat}), {@code intervals.jsonl} (one line per interval, tile and workload, flushed as
 * measured), {@code histograms/*.hlog}, {@code infra-ops.jsonl} (one line per infrastructure operation,
 * flushed as it ends) and, at the end, {@code score.json}. The names are {@link BundleLayout}'s; the
 * matching reader is {@link BundleReader}.
 */
public final class ResultsBundle implements AutoCloseable {

    /** Enums (the verdict) are written as their words, which {@link BundleReader} reads back. */
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING);
    private static final ObjectMapper JSON_LINE = new ObjectMapper().enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING);

    private final Path directory;
    private final BufferedWriter intervals;
    private final Map<String, BufferedWriter> lineFiles = new java.util.HashMap<>();
    private final Map<String, HistogramLog> histogramLogs = new ConcurrentHashMap<>();

    private ResultsBundle(Path directory, boolean tileRun) throws IOException {
        this.directory = directory;
        Files.createDirectories(directory);
        if (tileRun) {
            Files.createDirectories(directory.resolve(BundleLayout.HISTOGRAMS));
            this.intervals = Files.newBufferedWriter(directory.resolve(BundleLayout.INTERVALS), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } else {
            this.intervals = null;
        }
    }

    /** A tile run's bundle: intervals.jsonl and histograms/ exist from the start. */
    public static ResultsBundle create(Path directory) throws IOException {
        refuseExisting(directory);
        return new ResultsBundle(directory, true);
    }

    /** A bundle of another mode (e.g. storage characterization): only the files it writes. */
    public static ResultsBundle createPlain(Path directory) throws IOException {
        refuseExisting(directory);
        return new ResultsBundle(directory, false);
    }

    private static void refuseExisting(Path directory) throws IOException {
        if (Files.exists(directory)) {
            throw new IOException("results directory " + directory + " already exists");
        }
    }

    public Path directory() {
        return directory;
    }

    static ObjectNode object() {
        return JSON.createObjectNode();
    }

    /** Writes a whole JSON file atomically (a reader never sees half of it). */
    private void writeJson(String name, Object tree) throws IOException {
        Path temp = directory.resolve(name + ".tmp");
        JSON.writeValue(temp.toFile(), tree);
        Files.move(temp, directory.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Writes run.json, stamped with the format this version writes. */
    public void writeRun(RunFile run) throws IOException {
        writeJson(BundleLayout.RUN, BundleFormat.CURRENT.stamp(tree(run)));
    }

    /** Writes score.json. */
    public void writeScore(ScoreFile score) throws IOException {
        writeJson(BundleLayout.SCORE, score);
    }

    /** Writes search-config.json. */
    public void writeSearchConfig(SearchFile.Config config) throws IOException {
        writeJson(BundleLayout.SEARCH_CONFIG, config);
    }

    /** Appends one step's line to steps.jsonl. */
    public void appendSearchStep(SearchFile.Step step) {
        appendJsonLine(BundleLayout.SEARCH_STEPS, JSON.valueToTree(step));
    }

    /** Writes search.json, stamped with {@link BundleFormat#SEARCH}. */
    public void writeSearch(SearchFile search) throws IOException {
        writeJson(BundleLayout.SEARCH, BundleFormat.SEARCH.stamp(tree(search)));
    }

    /** Writes compare.json into {@code directory} (which may hold the compared runs), stamped with {@link BundleFormat#COMPARE}. */
    public static void writeCompare(Path directory, CompareFile compare) throws IOException {
        Path temp = directory.resolve(BundleLayout.COMPARE + ".tmp");
        JSON.writeValue(temp.toFile(), BundleFormat.COMPARE.stamp(tree(compare)));
        Files.move(temp, directory.resolve(BundleLayout.COMPARE), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** Writes a storage bundle's run.json. */
    public void writeStorageRun(StorageFile.Run run) throws IOException {
        writeJson(BundleLayout.RUN, run);
    }

    /** Appends one data point to storage.jsonl. */
    public void appendStoragePoint(StorageFile.Point point) {
        appendJsonLine(BundleLayout.STORAGE_POINTS, JSON.valueToTree(point));
    }

    /** Appends one layout's data point to scaling.jsonl. */
    public void appendScalingLine(StorageFile.ScalingLine line) {
        appendJsonLine(BundleLayout.STORAGE_SCALING, JSON.valueToTree(line));
    }

    /** Appends one interval to interference.jsonl. */
    public void appendInterferenceLine(StorageFile.InterferenceLine line) {
        appendJsonLine(BundleLayout.STORAGE_INTERFERENCE, JSON.valueToTree(line));
    }

    /** The JSON tree a bundle record is written as (verify compares recomputed records with the file's trees). */
    public static ObjectNode tree(Object record) {
        return JSON.valueToTree(record);
    }

    /** Appends one interval record and flushes it, so a crash loses at most the interval in progress. */
    public synchronized void appendInterval(IntervalLine line) {
        try {
            intervals.write(JSON_LINE.writeValueAsString(line));
            intervals.newLine();
            intervals.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Appends one infrastructure operation's record and flushes it; the file appears with the first one. */
    public void appendInfraOperation(InfraOpLine line) {
        appendJsonLine(BundleLayout.INFRA_OPS, JSON.valueToTree(line));
    }

    /** Appends one VM's interval profile and flushes it; the file appears with the first one. */
    public void appendVmProfile(VmProfileLine line) {
        appendJsonLine(BundleLayout.VM_PROFILE, JSON.valueToTree(line));
    }

    /** Appends one line to the JSON-lines file {@code name} and flushes it; the file appears with its first line. */
    private synchronized void appendJsonLine(String name, ObjectNode line) {
        try {
            BufferedWriter writer = lineFiles.get(name);
            if (writer == null) {
                writer = Files.newBufferedWriter(directory.resolve(name), StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                lineFiles.put(name, writer);
            }
            writer.write(JSON_LINE.writeValueAsString(line));
            writer.newLine();
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A JSON tree of any value (e.g. a configuration map) for embedding in a bundle file. */
    static com.fasterxml.jackson.databind.JsonNode valueToTree(Object value) {
        return JSON.valueToTree(value);
    }

    /** The interval histogram log of one tile's workload, opened at its first use. */
    public HistogramLog histogramLog(int tile, String workload, java.time.Instant origin) {
        return histogramLogs.computeIfAbsent(BundleLayout.histogramLog(tile, workload),
                n -> HistogramLog.open(directory.resolve(BundleLayout.HISTOGRAMS).resolve(n), origin));
    }

    @Override
    public synchronized void close() throws IOException {
        if (intervals != null) {
            intervals.close();
        }
        for (BufferedWriter writer : lineFiles.values()) {
            writer.close();
        }
        histogramLogs.values().forEach(HistogramLog::close);
    }
}
