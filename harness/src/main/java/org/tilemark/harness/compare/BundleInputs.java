package org.tilemark.harness.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.tilemark.harness.verify.BundleIntegrity;

/**
 * What A or B names on the command line when comparing existing results: one run bundle (a directory
 * holding score.json) or a directory of them (e.g. the A/ of an earlier compare bundle: its repetitions).
 */
final class BundleInputs {
    private BundleInputs() {
    }

    static List<RunSamples> load(String side, Path path) throws BadCompareInput {
        List<RunSamples> runs = new ArrayList<>();
        for (Path bundle : bundles(side, path)) {
            // verify's own check: a bundle cut short or with a damaged histogram log is not compared
            var damaged = BundleIntegrity.problem(bundle);
            if (damaged.isPresent()) {
                throw new BadCompareInput(side + ": " + damaged.get());
            }
            runs.add(BundleSamples.load(bundle));
        }
        return runs;
    }

    static List<Path> bundles(String side, Path path) throws BadCompareInput {
        if (!Files.isDirectory(path)) {
            throw new BadCompareInput(side + ": " + path + " is not a results bundle directory");
        }
        if (BundleSamples.isBundle(path)) {
            return List.of(path);
        }
        try (Stream<Path> children = Files.list(path)) {
            List<Path> bundles = children.filter(BundleSamples::isBundle).sorted().toList();
            if (bundles.isEmpty()) {
                throw new BadCompareInput(side + ": " + path + " holds no score.json, nor do its subdirectories");
            }
            return bundles;
        } catch (IOException e) {
            throw new BadCompareInput(side + ": cannot list " + path + ": " + e.getMessage());
        }
    }

    /** Both sides must be other runs at the same tile count; a score per tile count is what VMmark compares. */
    static void checkComparable(List<RunSamples> a, List<RunSamples> b) throws BadCompareInput {
        for (RunSamples runA : a) {
            for (RunSamples runB : b) {
                if (sameFile(runA.bundle(), runB.bundle())) {
                    throw new BadCompareInput("A and B are the same bundle: " + runA.bundle());
                }
            }
        }
        List<Integer> tiles = Stream.concat(a.stream(), b.stream()).map(RunSamples::tiles).distinct().toList();
        if (tiles.size() > 1) {
            throw new BadCompareInput("A and B ran different tile counts (A: " + tileCounts(a) + ", B: "
                    + tileCounts(b) + "); compare runs at the same tile count");
        }
    }

    private static String tileCounts(List<RunSamples> runs) {
        return String.join(", ", runs.stream().map(r -> r.tiles() + " in " + r.runId()).toList());
    }

    private static boolean sameFile(Path x, Path y) {
        try {
            return Files.isSameFile(x, y);
        } catch (IOException e) {
            return x.toAbsolutePath().normalize().equals(y.toAbsolutePath().normalize());
        }
    }
}
