package org.tilemark.harness.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.IntervalMeasure;
import org.tilemark.scoring.PhaseAccumulator;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.workloads.Workload;

/**
 * The current phase's intervals per tile and workload, and its score when it ends (with the infra
 * operations' phase, kept for score.json).
 */
final class PhaseTally {

    private final BenchmarkSpec spec;
    private final List<Workload> workloads;
    private final Optional<InfraRun> infra;
    private final Map<String, PhaseAccumulator> phase = new LinkedHashMap<>();
    private final Map<Integer, InfraPhase> infraScores = new LinkedHashMap<>();

    PhaseTally(BenchmarkSpec spec, List<Workload> workloads, Optional<InfraRun> infra) {
        this.spec = spec;
        this.workloads = workloads;
        this.infra = infra;
    }

    /** Adds a measured interval; returns the phase so far. */
    WorkloadResult add(int tile, Workload w, IntervalMeasure measure, Duration length) {
        PhaseAccumulator accumulator = phase.computeIfAbsent(tile + "/" + w.name(),
                k -> new PhaseAccumulator(tile, w.name(), w.metricUnit(), w.metricPeriod()));
        accumulator.add(measure, length);
        return accumulator.result();
    }

    /** Ends phase {@code number}: scored, or in an infrastructure-only run its operations alone. */
    PhaseEnd end(int number, Duration length) {
        if (spec.infra().only()) {
            return new PhaseEnd.InfraOnly(number, infraPhase(number, length));
        }
        List<TileScore> tiles = new ArrayList<>();
        for (int tile = 1; tile <= spec.run().tiles(); tile++) {
            Map<String, WorkloadResult> results = new LinkedHashMap<>();
            for (Workload w : workloads) {
                PhaseAccumulator acc = phase.get(tile + "/" + w.name());
                if (acc != null) {
                    results.put(w.name(), acc.result());
                }
            }
            if (!results.isEmpty()) {
                tiles.add(ScoringInputs.tile(spec, workloads, tile, results));
            }
        }
        phase.clear();
        return new PhaseEnd.Scored(Scoring.phase(number, tiles, infra.map(i -> infraPhase(number, length))));
    }

    /** Each phase's infrastructure operations scored so far. */
    Map<Integer, InfraPhase> infra() {
        return Map.copyOf(infraScores);
    }

    private InfraPhase infraPhase(int number, Duration length) {
        InfraPhase scored = infra.orElseThrow().score(number, length);
        infraScores.put(number, scored);
        return scored;
    }
}
