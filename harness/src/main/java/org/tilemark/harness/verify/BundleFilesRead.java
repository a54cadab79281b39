package org.tilemark.harness.verify;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tilemark.harness.bundle.BundleFormat;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.UnsupportedBundleFormat;
import org.tilemark.harness.report.Manifest;

/**
 * The bundle files verification reads, strictly: unlike the report (which tolerates a crashed run's
 * damage), a line that does not parse is a mismatch, since a verified bundle must be whole.
 */
record BundleFilesRead(Path directory, BundleFormat format, JsonNode run, JsonNode score, List<BundleReader.Line> intervals,
                       List<BundleReader.Line> infraOps) {

    static final String INTERVALS = BundleLayout.INTERVALS;
    static final String INFRA_OPS = BundleLayout.INFRA_OPS;

    static BundleFilesRead load(Path bundle) throws NotABundle, BundleMismatch, IOException {
        if (!Files.isDirectory(bundle)) {
            throw new NotABundle(bundle + " is not a directory");
        }
        // Before any file is opened: a FIFO would block a reader, a link would read outside the bundle.
        List<String> strange = Manifest.notRegularFiles(bundle);
        if (!strange.isEmpty()) {
            throw new NotABundle(bundle + ": " + strange.getFirst() + " (a bundle holds only directories and regular files)");
        }
        BundleReader reader = BundleReader.of(bundle);
        for (String required : List.of(BundleLayout.RUN, BundleLayout.SCORE, BundleLayout.INTERVALS)) {
            if (!reader.has(required)) {
                throw new NotABundle(bundle + " is not a complete results bundle (no " + required + ")");
            }
        }
        JsonNode run = object(reader, BundleLayout.RUN);
        BundleFormat format;
        try {
            format = BundleFormat.of(run);
        } catch (UnsupportedBundleFormat e) {
            throw new NotABundle(e.getMessage());
        }
        JsonNode score = object(reader, BundleLayout.SCORE);
        List<BundleReader.Line> intervals = lines(reader, BundleLayout.INTERVALS);
        List<BundleReader.Line> infra = lines(reader, BundleLayout.INFRA_OPS);
        return new BundleFilesRead(bundle, format, run, score, intervals, infra);
    }

    private static JsonNode object(BundleReader reader, String name) throws BundleMismatch, IOException {
        try {
            return reader.object(name).orElseThrow();
        } catch (BundleReader.DamagedFile e) {
            throw new BundleMismatch(e.getMessage());
        }
    }

    /** The lines of a JSON-lines file (none when it is absent: a run without infrastructure operations). */
    private static List<BundleReader.Line> lines(BundleReader reader, String name) throws BundleMismatch, IOException {
        Optional<BundleReader.Lines> read = reader.lines(name);
        if (read.isEmpty()) {
            return List.of();
        }
        if (!read.get().bad().isEmpty()) {
            BundleReader.BadLine bad = read.get().bad().getFirst();
            throw new BundleMismatch(name + " line " + bad.number() + ": " + bad.problem());
        }
        return read.get().lines();
    }
}
