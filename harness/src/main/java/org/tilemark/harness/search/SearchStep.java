package org.tilemark.harness.search;

import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.scoring.RunVerdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tilemark.harness.bundle.BundleReader;

/**
 * One step of a search, as its run's score.json tells it: the row of the scaling table.
 *
 * @param clusterCpu     the cluster's CPU utilization over the measured phases, % of all cores
 * @param harnessCpu     the harness process's CPU over them (empty where the run wrote none)
 * @param confidenceLow  low end of the score's 95 % confidence interval (over phases)
 * @param confidenceHigh high end of it
 * @param measured       where its measured phases are
 */
record SearchStep(int number, int tiles, boolean repeat, RunVerdict verdict, OptionalDouble score, OptionalDouble application,
                  OptionalDouble infrastructure, OptionalDouble clusterCpu, Optional<ScoreFile.HarnessCpu> harnessCpu,
                  double confidenceLow, double confidenceHigh, List<String> reasons, Measured measured) {

    /** Where a step's measured phases are: a run of its own, or phases of the search's one run. */
    sealed interface Measured permits OwnRun, SearchPhases {
    }

    /** A series step: all the phases of its own run's bundle (under the search's {@code steps/}); none if it wrote none. */
    record OwnRun(Optional<Path> bundle) implements Measured {
        OwnRun(Path bundle) {
            this(Optional.ofNullable(bundle));
        }
    }

    /** A one-run step: the phases of the search's own bundle it was scored from. */
    record SearchPhases(List<Integer> phases) implements Measured {
        SearchPhases {
            phases = List.copyOf(phases);
        }
    }

    SearchStep {
        reasons = List.copyOf(reasons);
    }

    boolean compliant() {
        return verdict == RunVerdict.COMPLIANT;
    }

    /** Reads a finished step's score.json; a run that ended before scoring has no score and says why. */
    static SearchStep read(int number, int tiles, boolean repeat, Path bundle, RunVerdict verdict) throws IOException {
        if (bundle == null || !BundleReader.isScored(bundle)) {
            return new SearchStep(number, tiles, repeat, verdict, OptionalDouble.empty(), OptionalDouble.empty(),
                    OptionalDouble.empty(), OptionalDouble.empty(), Optional.empty(), Double.NaN, Double.NaN,
                    List.of("the run wrote no score (" + verdict + ")"), new OwnRun(bundle));
        }
        ScoreFile score;
        try {
            score = BundleReader.of(bundle).score().orElseThrow();
        } catch (BundleReader.DamagedFile e) {
            throw new IOException(bundle + ": " + e.getMessage(), e);
        }
        ScoreFile.Totals totals = score.scored() ? score.totals() : null;
        ScoreFile.Confidence ci = totals == null ? null : totals.confidence();
        return new SearchStep(number, tiles, repeat, score.verdict() == null ? verdict : score.verdict(), number(score.score()),
                number(totals == null ? null : totals.application()), number(totals == null ? null : totals.infrastructure()),
                number(score.cost() == null || score.cost().clusterCpu() == null ? null : score.cost().clusterCpu().percent()),
                Optional.ofNullable(score.cost() == null ? null : score.cost().harnessCpu()),
                ci == null ? Double.NaN : ci.low(), ci == null ? Double.NaN : ci.high(), score.reasons(), new OwnRun(bundle));
    }

    /** A recorded figure, null where none was written. */
    static OptionalDouble number(Double value) {
        return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
    }
}
