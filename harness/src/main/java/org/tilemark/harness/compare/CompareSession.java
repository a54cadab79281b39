package org.tilemark.harness.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.tilemark.harness.run.RunIds;
import org.tilemark.harness.run.RunOutcome;

/**
 * {@code tilemark compare}: B against A, either from existing run bundles or by running both
 * configurations interleaved; prints the table and the verdict and writes results/compare-&lt;id&gt;/.
 * Bad input is one line on {@code err}, exit 2, and leaves nothing behind.
 */
public final class CompareSession {
    private final PrintStream out;
    private final PrintStream err;
    private final RunOneConfig runner;

    public CompareSession(PrintStream out, PrintStream err, RunOneConfig runner) {
        this.out = out;
        this.err = err;
        this.runner = runner;
    }

    /** Compares existing bundles (or directories of bundles): nothing is run. */
    public int compareBundles(Path a, Path b, Path results) {
        return compareBundlesInto(a, b, newDirectory(results));
    }

    /** As {@link #compareBundles}, writing the compare bundle into {@code directory} (from {@link #newDirectory}). */
    public int compareBundlesInto(Path a, Path b, Path directory) {
        try {
            List<RunSamples> runsA = BundleInputs.load("A", a);
            List<RunSamples> runsB = BundleInputs.load("B", b);
            BundleInputs.checkComparable(runsA, runsB);
            return report(Comparison.of(runsA, runsB, WelchTest.LEVEL_95), directory);
        } catch (BadCompareInput e) {
            err.println("error: " + e.getMessage());
            return RunOutcome.BAD_INPUT;
        }
    }

    /** Runs A and B {@code repetitions} times each, interleaved, then compares them. */
    public int compareConfigs(SideConfig a, SideConfig b, int repetitions, Path results) {
        int tilesA = a.writingInto(results).run().tiles();
        int tilesB = b.writingInto(results).run().tiles();
        if (tilesA != tilesB) {
            err.println("error: A runs " + tilesA + " tile(s), B " + tilesB
                    + "; compare configurations at the same tile count");
            return RunOutcome.BAD_INPUT;
        }
        if (repetitions < 1) {
            err.println("error: --repetitions must be >= 1 (got " + repetitions + ")");
            return RunOutcome.BAD_INPUT;
        }
        Path directory = newDirectory(results);
        out.printf("[compare] %d repetition(s) of A and B, interleaved A B A B ...; bundle %s%n", repetitions, directory);
        try {
            List<InterleavedRuns.Side> sides = new InterleavedRuns(out, runner).run(a, b, repetitions, directory);
            return report(Comparison.of(sides.get(0).runs(), sides.get(1).runs(), WelchTest.LEVEL_95), directory);
        } catch (InterleavedRuns.RunFailed e) {
            err.println("error: " + e.getMessage() + "; the runs so far are in " + directory);
            return e.exitCode();
        }
    }

    private int report(Comparison comparison, Path directory) {
        CompareVerdict verdict = comparison.verdict();
        out.println();
        out.print(CompareTable.render(comparison));
        out.println(CompareTable.samplesNote(comparison));
        try {
            CompareBundle.write(directory, directory.getFileName().toString(), comparison);
        } catch (IOException e) {
            err.println("error: cannot write the compare bundle " + directory + ": " + e.getMessage());
            deleteIfOnlyReport(directory);
            out.println(verdict.line());
            return RunOutcome.RUNTIME_FAILURE;
        }
        out.println(verdict.line());
        out.println("compare bundle: " + directory);
        return RunOutcome.COMPLIANT;
    }

    /** A new compare bundle's directory under {@code results}: {@code compare-<id>}. */
    public static Path newDirectory(Path results) {
        return results.resolve("compare-" + RunIds.next());
    }

    /** A half-written compare of existing bundles holds nothing worth keeping; nested runs are kept. */
    private static void deleteIfOnlyReport(Path directory) {
        if (Files.isDirectory(directory.resolve("A")) || !Files.isDirectory(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | RuntimeException e) {
            // best effort: the error line already names the directory
        }
    }
}
