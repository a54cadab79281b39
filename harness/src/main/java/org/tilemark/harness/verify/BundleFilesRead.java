package org.tilemark.harness.verify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tilemark.harness.bundle.BundleFormat;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.UnsupportedBundleFormat;
import org.tilemark.harness.report.Manifest;

/**
 * The bundle files verification reads, strictly: unlike the report (which tolerates a crashed run's
 * damage), a line that does not parse is a mismatch, since a verified bundle must be whole.
 */
record BundleFilesRead(Path directory, BundleFormat format, RunFile run, ScoreFile score, ObjectNode scoreWritten,
                       List<BundleReader.Line<InfraOpLine>> infraOps) {

    static BundleFilesRead load(Path bundle) throws NotABundle, BundleMismatch, IOException {
        return load(bundle, true);
    }

    /**
     * A run's files; {@code scored} false for a one-run search's bundle, whose steps are scored in search.json
     * instead of a score.json ({@code score} and {@code scoreWritten} are null then).
     */
    static BundleFilesRead load(Path bundle, boolean scored) throws NotABundle, BundleMismatch, IOException {
        if (!Files.isDirectory(bundle)) {
            throw new NotABundle(bundle + " is not a directory");
        }
        onlyRegularFiles(bundle);
        BundleReader reader = BundleReader.of(bundle);
        for (String required : scored ? List.of(BundleLayout.RUN, BundleLayout.SCORE, BundleLayout.INTERVALS)
                : List.of(BundleLayout.RUN, BundleLayout.SEARCH, BundleLayout.INTERVALS)) {
            if (!reader.has(required)) {
                throw new NotABundle(bundle + " is not a complete results bundle (no " + required + ")");
            }
        }
        BundleFormat format;
        RunFile run;
        try {
            format = reader.format();
            run = reader.run().orElseThrow();
        } catch (UnsupportedBundleFormat e) {
            throw new NotABundle(e.getMessage());
        } catch (BundleReader.DamagedFile e) {
            throw new BundleMismatch(e.getMessage());
        }
        try {
            // Every line parsed before anything is checked, as the other files are; kept, they would not fit a heap.
            noBadLine(reader.intervals(line -> { }));
            return new BundleFilesRead(bundle, format, run, scored ? reader.score().orElseThrow() : null,
                    scored ? reader.scoreAsWritten().orElseThrow() : null, whole(reader.infraOps()));
        } catch (BundleReader.DamagedFile e) {
            throw new BundleMismatch(e.getMessage());
        }
    }

    /**
     * intervals.jsonl's lines, each with its tree as written, handed to {@code handler} in order as they are read again
     * (none is kept: a standard run of 16 tiles has 80,000, which with their trees filled the launcher's heap).
     */
    <E extends Exception> void eachInterval(BundleReader.LineHandler<IntervalLine, E> handler)
            throws BundleMismatch, IOException, E {
        noBadLine(BundleReader.of(directory).intervals(handler));
    }

    /** A file read line by line has a bad line: the first one fails. */
    private static void noBadLine(Optional<BundleReader.Scan> scan) throws BundleMismatch {
        if (scan.isPresent() && !scan.get().bad().isEmpty()) {
            BundleReader.BadLine bad = scan.get().bad().getFirst();
            throw new BundleMismatch(scan.get().name() + " line " + bad.number() + ": " + bad.problem());
        }
    }

    /** Before any file is opened: a FIFO would block a reader, a link would read outside the bundle. */
    static void onlyRegularFiles(Path bundle) throws NotABundle, IOException {
        List<String> strange = Manifest.notRegularFiles(bundle);
        if (!strange.isEmpty()) {
            throw new NotABundle(bundle + ": " + strange.getFirst() + " (a bundle holds only directories and regular files)");
        }
    }

    /** The lines of a JSON-lines file (none when it is absent: a run without infrastructure operations); a bad line fails. */
    static <T> List<BundleReader.Line<T>> whole(Optional<BundleReader.Lines<T>> read) throws BundleMismatch {
        if (read.isEmpty()) {
            return List.of();
        }
        if (!read.get().bad().isEmpty()) {
            BundleReader.BadLine bad = read.get().bad().getFirst();
            throw new BundleMismatch(read.get().name() + " line " + bad.number() + ": " + bad.problem());
        }
        return read.get().lines();
    }
}
