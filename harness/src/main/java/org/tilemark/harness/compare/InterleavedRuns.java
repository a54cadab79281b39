package org.tilemark.harness.compare;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.RunOutcome;

/**
 * Runs A and B alternately, A B A B ..., so slow drift of the machine (page cache, other tenants,
 * thermal) falls on both sides alike. Each run's bundle goes under the compare bundle (A/, B/).
 */
final class InterleavedRuns {
    private final PrintStream out;
    private final RunOneConfig runner;

    InterleavedRuns(PrintStream out, RunOneConfig runner) {
        this.out = out;
        this.runner = runner;
    }

    /** The runs of one side (each with the cluster CPU its bundle recorded). */
    record Side(List<RunSamples> runs) {
    }

    /** Returns [A's runs, B's runs]; throws when a run fails outright (exit 3) or rejects its input. */
    List<Side> run(SideConfig a, SideConfig b, int repetitions, Path compareDirectory) throws RunFailed {
        List<RunSamples> runsA = new ArrayList<>();
        List<RunSamples> runsB = new ArrayList<>();
        for (int repetition = 1; repetition <= repetitions; repetition++) {
            runsA.add(runOne("A", repetition, repetitions, a.writingInto(compareDirectory.resolve("A"))));
            runsB.add(runOne("B", repetition, repetitions, b.writingInto(compareDirectory.resolve("B"))));
        }
        return List.of(new Side(runsA), new Side(runsB));
    }

    private RunSamples runOne(String side, int repetition, int repetitions, BenchmarkSpec spec) throws RunFailed {
        out.printf("%n[compare] %s, repetition %d of %d%n", side, repetition, repetitions);
        RunOutcome outcome = runner.run(spec);
        if (outcome.exitCode() > RunOutcome.NON_COMPLIANT || outcome.bundle() == null
                || !BundleSamples.isBundle(outcome.bundle())) {
            throw new RunFailed(side + " repetition " + repetition + " did not complete (" + outcome.describe() + ")",
                    outcome.exitCode() == RunOutcome.BAD_INPUT ? RunOutcome.BAD_INPUT : RunOutcome.RUNTIME_FAILURE);
        }
        try {
            return BundleSamples.load(outcome.bundle());
        } catch (BadCompareInput e) {
            throw new RunFailed(e.getMessage(), RunOutcome.RUNTIME_FAILURE);
        }
    }

    /** A run that ended without a bundle to compare, and the exit code the comparison ends with. */
    static final class RunFailed extends Exception {
        private final int exitCode;

        RunFailed(String message, int exitCode) {
            super(message);
            this.exitCode = exitCode;
        }

        int exitCode() {
            return exitCode;
        }
    }
}
