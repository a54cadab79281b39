package org.tilemark.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.tilemark.config.RunSpec;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.QosVerdict;
import org.tilemark.scoring.WorkloadResult;

/** The console's lines: one per interval with every tile's and workload's figures, one per phase's end. */
final class ConsolePublisher implements SamplePublisher {

    static final int REASONS_SHOWN = 5;

    private final PrintStream out;
    private final RunSpec run;

    ConsolePublisher(PrintStream out, RunSpec run) {
        this.out = out;
        this.run = run;
    }

    @Override
    public void interval(IntervalCut cut) {
        StringBuilder line = new StringBuilder(stage(cut)).append(' ');
        for (int i = 0; i < cut.samples().size(); i++) {
            IntervalSample sample = cut.samples().get(i);
            line.append(i == 0 ? "" : " | ").append(progress(sample.interval(), sample.headline()));
        }
        out.println(line);
    }

    @Override
    public void phaseEnded(PhaseEnd end) {
        switch (end) {
            case PhaseEnd.InfraOnly(int phase, InfraPhase operations) ->
                    out.println(String.format(Locale.ROOT, "[phase %d] infrastructure %.3f (not scored) %s", phase,
                            operations.score().score(), operations.qos().passed() ? "every operation type completed"
                                    : "FAILED: " + failures(operations.qos())));
            case PhaseEnd.Scored(PhaseScore score) ->
                    out.println(String.format(Locale.ROOT, "[phase %d] score %.3f (application %.3f%s) %s", score.phase(),
                            score.score(), score.application(), score.infrastructure().isPresent()
                                    ? String.format(Locale.ROOT, ", infrastructure %.3f", score.infrastructure().getAsDouble()) : "",
                            score.qos().passed() ? "QoS passed" : "QoS FAILED: " + failures(score.qos())));
        }
    }

    /**
     * The first {@value #REASONS_SHOWN} failed rules and how many more: past the cluster's limit every rule of every
     * tile fails (a 7-tile phase's line was 5,000 characters), and the results keep them all.
     */
    static String failures(QosVerdict qos) {
        List<String> reasons = qos.reasons();
        if (reasons.size() <= REASONS_SHOWN) {
            return String.join("; ", reasons);
        }
        return String.join("; ", reasons.subList(0, REASONS_SHOWN)) + " (+" + (reasons.size() - REASONS_SHOWN)
                + " more in the results)";
    }

    static String progress(WorkloadResult r, String headline) {
        OperationStats op = r.operations().get(headline);
        // An interval without the headline operation (a quick tile's mail may send nothing in 10 s) has no p95, not 0 ms.
        String p95 = op == null ? "" : op.count() == 0 ? " p95 " + headline + " -"
                : String.format(Locale.ROOT, " p95 %s %.0f ms", headline, op.p95Ms());
        return String.format(Locale.ROOT, "tile%d %s %.0f %s%s errors %d", r.tile(), r.workload(), r.throughput(),
                r.metricUnit(), p95, r.errors());
    }

    private String stage(IntervalCut cut) {
        if (cut.warmup()) {
            return "[warm-up " + seconds(cut.slot().end()) + "/" + seconds(run.warmup()) + "]";
        }
        return "[phase " + cut.slot().phase() + "/" + cut.phases() + ", " + seconds(cut.phaseLeft()) + " left]";
    }

    /** "[measure] warm-up 30s, then 3 phases of 60s (interval 10s)": the run's shape, before it starts. */
    static String banner(RunSpec run) {
        return "[measure] warm-up " + seconds(run.warmup()) + ", then " + run.phases()
                + (run.phases() == 1 ? " phase" : " phases") + " of " + seconds(run.phaseDuration())
                + " (interval " + seconds(run.interval()) + ")";
    }

    private static String seconds(Duration d) {
        return d.toSeconds() + "s";
    }
}
