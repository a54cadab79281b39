package org.tilemark.harness.verify;

import org.tilemark.harness.bundle.BundleLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.HistogramLogCursor;
import org.tilemark.harness.report.Manifest;

/**
 * Whether a bundle is whole, before anything reads numbers from it: {@code verify} checks this first,
 * {@code compare} checks each bundle it reads. Its files parse strictly (a line cut short is a problem,
 * as is binary garbage); MANIFEST.sha256 matches the files (a file cut at a line boundary still parses,
 * but not its hash); every histogram log its intervals name reads as one. Recomputing the score is
 * verify's alone: compare's golden bundles carry neither histograms nor a manifest, so for compare each
 * is checked where it is there.
 */
public final class BundleIntegrity {

    private BundleIntegrity() {
    }

    /** The first problem as one line naming the bundle and its bad file, or empty when it is whole. */
    public static Optional<String> problem(Path bundle) {
        try {
            BundleFilesRead files = BundleFilesRead.load(bundle);
            seal(bundle, false);
            histograms(files);
            return Optional.empty();
        } catch (NotABundle e) {
            return Optional.of(e.getMessage().startsWith(bundle.toString()) ? e.getMessage() : bundle + ": " + e.getMessage());
        } catch (BundleMismatch | IOException e) {
            return Optional.of(bundle + ": " + e.getMessage());
        }
    }

    /** MANIFEST.sha256 against the files; a bundle without one fails only when {@code required}. */
    static void seal(Path bundle, boolean required) throws BundleMismatch, IOException {
        if (!required && !Files.exists(bundle.resolve(BundleLayout.MANIFEST))) {
            return;
        }
        List<String> problems = Manifest.verify(bundle);
        if (!problems.isEmpty()) {
            throw new BundleMismatch(BundleLayout.MANIFEST + ": " + problems.getFirst()
                    + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
        }
    }

    /** Each histogram log the intervals name, read whole; an absent one is left to verify's recomputation. */
    private static void histograms(BundleFilesRead files) throws BundleMismatch, IOException {
        Set<String> seen = new TreeSet<>();
        BundleReader reader = BundleReader.of(files.directory());
        files.eachInterval(read -> {
            int tile = read.value().tile();
            String workload = read.value().workload();
            if (tile > 0 && !workload.isEmpty() && seen.add(HistogramIndex.fileName(tile, workload))) {
                try {
                    Optional<HistogramLogCursor> log = reader.histogramCursor(tile, workload);
                    if (log.isPresent()) {
                        try (HistogramLogCursor cursor = log.get()) {
                            cursor.drain();
                        }
                    }
                } catch (BundleReader.DamagedFile e) {
                    throw new BundleMismatch(e.getMessage());
                }
            }
        });
    }
}
