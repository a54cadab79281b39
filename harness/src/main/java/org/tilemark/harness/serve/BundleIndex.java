package org.tilemark.harness.serve;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.scoring.RunVerdict;
import org.tilemark.harness.bundle.UnsupportedBundleFormat;

/** The bundles under the results directory, read through {@link BundleReader} as report and verify read them. */
final class BundleIndex {

    /** A bundle is named by its directory, a run id: nothing that could climb out of the results directory. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private final Path results;

    /** The verdict shown while a run writes its bundle or after a crash (no score.json yet). */
    static final String INCOMPLETE = "incomplete";

    BundleIndex(Path results) {
        this.results = results.toAbsolutePath().normalize();
    }

    /**
     * One line of the results page.
     *
     * @param verdict   score.json's verdict; "incomplete" while a run writes it or after a crash
     * @param scoreLine the headline, e.g. "Tilemark 1.234 @ 1 tiles (compliant)"; empty when not scored
     * @param problem   why the bundle could not be read, or null
     */
    record Summary(String id, String startedAt, String endedAt, String profile, Integer tiles, String verdict,
                   String scoreLine, Double score, boolean report, String problem) {
    }

    /** A bundle whole: run.json and score.json as written, and the files it holds. */
    record Detail(Summary summary, JsonNode run, JsonNode score, List<String> files) {
    }

    List<Summary> list() throws IOException {
        if (!Files.isDirectory(results)) {
            return List.of();
        }
        List<Summary> summaries = new ArrayList<>();
        try (Stream<Path> children = Files.list(results)) {
            for (Path dir : children.filter(Files::isDirectory).filter(BundleReader::hasRunData)
                    .sorted(Comparator.comparing(Path::getFileName).reversed()).toList()) {
                summaries.add(summary(BundleReader.of(dir)));
            }
        }
        return summaries;
    }

    Optional<Detail> read(String id) throws IOException {
        Optional<Path> found = bundle(id);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Path dir = found.get();
        BundleReader reader = BundleReader.of(dir);
        List<String> files;
        try (Stream<Path> all = Files.walk(dir)) {
            files = all.filter(Files::isRegularFile).map(f -> dir.relativize(f).toString()).sorted().toList();
        }
        return Optional.of(new Detail(summary(reader), quietly(reader, true), quietly(reader, false), files));
    }

    Path results() {
        return results;
    }

    /** The directory of the bundle named {@code id}, when there is one. */
    Optional<Path> bundle(String id) {
        if (!ID.matcher(id).matches()) {
            return Optional.empty();
        }
        Path dir = results.resolve(id);
        return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) && BundleReader.hasRunData(dir) ? Optional.of(dir) : Optional.empty();
    }

    /**
     * A regular file inside {@code results/<id>/} (a bundle, or the directory of a compare): its report, charts,
     * CSV. Nothing outside that directory, through {@code ..} or a link, is ever answered.
     */
    Optional<Path> file(String id, String relative) throws IOException {
        if (!ID.matcher(id).matches()) {
            return Optional.empty();
        }
        Path dir = results.resolve(id);
        Path file = dir.resolve(relative.replaceFirst("^/+", "")).normalize();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) || !file.startsWith(dir) || file.equals(dir)
                || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || !file.toRealPath().startsWith(dir.toRealPath())) {
            return Optional.empty();
        }
        return Optional.of(file);
    }

    private static Summary summary(BundleReader reader) throws IOException {
        String id = reader.directory().getFileName().toString();
        boolean report = reader.has(BundleLayout.REPORT);
        try {
            Optional<RunFile> run = reader.run();
            Optional<ScoreFile> score = reader.score();
            return new Summary(id, run.map(RunFile::startedAt).orElse(null), run.map(RunFile::endedAt).orElse(null),
                    run.map(RunFile::profile).orElse(null), run.map(RunFile::tiles).orElse(null),
                    score.map(ScoreFile::verdict).map(RunVerdict::word).orElse(INCOMPLETE),
                    score.map(ScoreFile::scoreLine).orElse(null), score.map(ScoreFile::score).orElse(null), report, null);
        } catch (BundleReader.DamagedFile e) {
            return damaged(id, report, e.name() + ": " + e.problem());
        } catch (UnsupportedBundleFormat e) {
            return damaged(id, report, e.getMessage());
        }
    }

    private static Summary damaged(String id, boolean report, String problem) {
        return new Summary(id, null, null, null, null, "unreadable", "", null, report, problem);
    }

    private static JsonNode quietly(BundleReader reader, boolean run) throws IOException {
        try {
            return (run ? reader.runAsWritten() : reader.scoreAsWritten()).map(JsonNode.class::cast).orElse(null);
        } catch (BundleReader.DamagedFile | UnsupportedBundleFormat e) {
            return null;
        }
    }
}
