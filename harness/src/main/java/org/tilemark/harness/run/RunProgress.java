package org.tilemark.harness.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.scoring.PhaseScore;

/**
 * What a run has done so far, as its stages add to it: the VMs deployed, the phases scored, the
 * measurement's summary and audits, the events, and the failure that ended it early. Whatever stage
 * failed, the verdict is made from what is here, so every measured interval counts.
 */
final class RunProgress {

    final String runId;
    final BenchmarkSpec spec;
    final RunRecord record;
    final RunEvents events;
    final List<TileProvisioner.DeployedVm> deployed = new ArrayList<>();
    final List<PhaseScore> phases = new ArrayList<>();
    private String failure;
    private boolean aborted;
    private MeasurementLoop.Summary measurement;
    private List<ScoreFile.Audit> audits = List.of();

    RunProgress(String runId, BenchmarkSpec spec, RunListener listener) {
        this.runId = runId;
        this.spec = spec;
        this.record = new RunRecord(runId, spec, Instant.now());
        this.events = new RunEvents(listener);
    }

    /** Stopped before measuring began (the abort came while the tiles were deployed). */
    void abortedBeforeMeasuring() {
        aborted = true;
    }

    void measured(MeasurementLoop.Summary summary) {
        measurement = summary;
        aborted = summary.aborted();
    }

    void audited(List<ScoreFile.Audit> made) {
        audits = made;
    }

    /** A stage failed: the platform's message says it; anything else is named by its type. */
    void failed(Exception e) {
        failure = e instanceof PlatformException ? e.getMessage() : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    /** The failure as the verdict's reason names it; empty when the run did not fail. */
    Optional<String> failure() {
        return Optional.ofNullable(failure).map(Verdict::failed);
    }

    Verdict verdict() {
        if (spec.infra().only()) {
            return Verdict.infrastructureOnly(spec, infraPhases(), events.all(), aborted, failure);
        }
        return Verdict.of(spec, phases, events.all(), aborted, failure,
                measurement == null ? Optional.empty() : measurement.stoppedEarly(), audits);
    }

    ScoreFile scoreFile(Verdict verdict) {
        ScoreFile.Cost cost = measurement == null ? null : ScoreFile.Cost.of(measurement.harnessCpu(),
                measurement.measured(), spec.run().tiles(), measurement.clusterCpuPercent());
        return ScoreFile.of(verdict.score(), infraPhases(), runId, verdict.verdict(), verdict.reasons(),
                events.all().stream().map(e -> ScoreFile.Event.of(e.at(), e.what())).toList(), verdict.scoreLine(), cost, audits);
    }

    private Map<Integer, org.tilemark.scoring.InfraPhase> infraPhases() {
        return measurement == null ? Map.of() : measurement.infra();
    }
}
