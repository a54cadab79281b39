package org.tilemark.harness.search;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.run.LoadPathRun;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.RunScore;
import org.tilemark.scoring.Scoring;

/**
 * The one-run search's pass/fail controller, in Weathervane's find-max order: {@link TileSearch}'s tile
 * counts (ramp by search.growthPercent while steps pass, narrow by bisecting, verify the maximum), with a step that
 * fails QoS measured once more before its failure counts, and the verification one phase twice as long.
 * A step is up to {@code phasesPerStep} phases at one tile count, ending at its first failed phase, and
 * is scored as a run of that many tiles would be ({@link Scoring#run}). Told each scored phase, it says
 * what comes next; each step is handed to {@code onStep} as it ends.
 */
final class LoadPath implements LoadPathRun.Steering {

    /**
     * What a step's phases at one tile count came to, scored as a run of its tiles ({@code score}, once);
     * {@code verify} the maximum's longer phase.
     */
    record Step(int number, int tiles, boolean verify, boolean remeasure, List<LoadPathRun.MeasuredPhase> measured,
                RunScore score) {
        Step {
            measured = List.copyOf(measured);
        }

        Step(int number, int tiles, boolean verify, boolean remeasure, List<LoadPathRun.MeasuredPhase> measured) {
            this(number, tiles, verify, remeasure, measured, Scoring.run(scores(measured)));
        }

        List<PhaseScore> phases() {
            return scores(measured);
        }

        private static List<PhaseScore> scores(List<LoadPathRun.MeasuredPhase> measured) {
            return measured.stream().map(LoadPathRun.MeasuredPhase::score).toList();
        }

        /** Passed as a run of its tiles would: every phase's QoS, and no VM stopped unasked. */
        boolean compliant() {
            return score.compliant() && measured.stream().allMatch(p -> p.vmStops().isEmpty());
        }

        /** Why it did not pass: its phases' failed rules, then each VM that stopped, with its phase. */
        List<String> reasons() {
            List<String> reasons = new ArrayList<>(score.reasons());
            measured.forEach(p -> p.vmStops().forEach(stop -> reasons.add("phase " + p.score().phase() + ": " + stop)));
            return List.copyOf(reasons);
        }

        /** The cluster's CPU over the step's phases, weighted by their lengths; empty unless every phase has it. */
        OptionalDouble clusterCpuPercent() {
            double weighted = 0;
            double seconds = 0;
            for (LoadPathRun.MeasuredPhase phase : measured) {
                if (phase.clusterCpuPercent().isEmpty()) {
                    return OptionalDouble.empty();
                }
                weighted += phase.clusterCpuPercent().getAsDouble() * phase.length().toMillis();
                seconds += phase.length().toMillis();
            }
            return seconds == 0 ? OptionalDouble.empty() : OptionalDouble.of(weighted / seconds);
        }

        /** The harness's CPU over the step's phases per tile-minute of them, as a run's score.json has it. */
        ScoreFile.HarnessCpu harnessCpu() {
            Duration cpu = Duration.ZERO;
            Duration length = Duration.ZERO;
            for (LoadPathRun.MeasuredPhase phase : measured) {
                cpu = cpu.plus(phase.harnessCpu());
                length = length.plus(phase.length());
            }
            return ScoreFile.Cost.of(cpu, length, tiles, OptionalDouble.empty()).harnessCpu();
        }
    }

    private final TileSearch search;
    private final int phasesPerStep;
    private final Duration phase;
    private final Consumer<Step> onStep;
    private final List<Step> steps = new ArrayList<>();
    private List<LoadPathRun.MeasuredPhase> current = new ArrayList<>();
    private int tiles;
    private boolean verify;
    private boolean remeasure;

    LoadPath(TileSearch search, int phasesPerStep, Duration phase, Consumer<Step> onStep) {
        if (phasesPerStep < 1) {
            throw new IllegalArgumentException("a step needs a phase, got " + phasesPerStep);
        }
        this.search = search;
        this.phasesPerStep = phasesPerStep;
        this.phase = phase;
        this.onStep = onStep;
    }

    /** The first phase: the search's first tile count. */
    LoadPathRun.Next first() {
        return begin().orElseThrow();
    }

    @Override
    public Optional<LoadPathRun.Next> afterPhase(LoadPathRun.MeasuredPhase scored) {
        current.add(scored);
        if (scored.passed() && !verify && current.size() < phasesPerStep) {
            return Optional.of(new LoadPathRun.Next(tiles, phase));
        }
        Step step = new Step(steps.size() + 1, tiles, verify, remeasure, current);
        steps.add(step);
        onStep.accept(step);
        if (!step.compliant() && !verify && !remeasure) {
            // One unlucky phase must not end the climb: the same tile count once more, and that one counts.
            remeasure = true;
            current = new ArrayList<>();
            return Optional.of(new LoadPathRun.Next(tiles, phase));
        }
        search.record(new TileSearch.Outcome(tiles, step.compliant(), step.score().score()));
        return begin();
    }

    /** The search's next tile count if the step under way passes (a re-measured step's included). */
    @Override
    public OptionalInt ifStepPasses() {
        return search.nextIfPasses();
    }

    List<Step> steps() {
        return List.copyOf(steps);
    }

    TileSearch search() {
        return search;
    }

    private Optional<LoadPathRun.Next> begin() {
        OptionalInt next = search.next();
        if (next.isEmpty()) {
            return Optional.empty();
        }
        tiles = next.getAsInt();
        verify = search.nextIsRepeat();
        remeasure = false;
        current = new ArrayList<>();
        return Optional.of(new LoadPathRun.Next(tiles, verify ? phase.multipliedBy(2) : phase));
    }
}
