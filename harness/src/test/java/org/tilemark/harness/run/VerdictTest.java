package org.tilemark.harness.run;

import org.tilemark.scoring.RunVerdict;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.InfraOutcome;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.TileScore;
import org.tilemark.scoring.WorkloadResult;
import org.tilemark.scoring.WorkloadScore;

class VerdictTest {

    private static final BenchmarkSpec SPEC = spec(1);

    @Test
    void passingPhasesAreCompliant() {
        Verdict verdict = Verdict.of(SPEC, List.of(clean(1), clean(2), clean(3)), List.of(), false, null);

        assertThat(verdict.word()).isEqualTo("compliant");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.COMPLIANT);
        assertThat(verdict.reasons()).isEmpty();
        assertThat(verdict.score().score()).isEqualTo(1.0);
        assertThat(verdict.scoreLine()).isEqualTo("Score: 1.00 @ 1 tile (compliant); 95 % CI 1.00-1.00 over 3 phases; tile scale 0.07");
    }

    @Test
    void aQosFailureIsNonCompliantAndNamesTheVmsThatFailed() {
        // Sorted by VM, as PhaseAccumulator hands them over.
        PhaseScore failing = phase(2, 5, new TreeMap<>(Map.of("tile1-dvdstore-web3", 1L, "tile1-dvdstore-web2", 4L)));

        Verdict verdict = Verdict.of(SPEC, List.of(clean(1), failing, clean(3)), List.of(), false, null);

        assertThat(verdict.word()).isEqualTo("non-compliant");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.NON_COMPLIANT);
        assertThat(verdict.reasons()).anySatisfy(r -> assertThat(r).startsWith("phase 2: tile 1 dvdstore: errors and rollbacks = "))
                .contains("phase 2: tile 1 dvdstore: failed requests by VM: {tile1-dvdstore-web2=4, tile1-dvdstore-web3=1}")
                .noneMatch(r -> r.startsWith("phase 1") || r.startsWith("phase 3"));
        assertThat(verdict.scoreLine()).isEqualTo("Score: 1.00 @ 1 tile (non-compliant); 95 % CI 1.00-1.00 over 3 phases; tile scale 0.07");
    }

    @Test
    void aRunThatStoppedAfterAFailedPhaseSaysSo() {
        PhaseScore failing = phase(1, 5, Map.of("tile1-dvdstore-web1", 5L));

        Verdict verdict = Verdict.of(SPEC, List.of(failing), List.of(), false, null, Optional.of(1));

        assertThat(verdict.word()).isEqualTo("non-compliant");
        assertThat(verdict.reasons()).contains("stopped after phase 1 of 3: it failed QoS, so the run could no longer comply");
    }

    @Test
    void theScoreLineEndsWithTheTileScale() {
        assertThat(Verdict.line(Scoring.run(List.of(clean(1))), 1, "compliant", 1.0)).endsWith(" over 1 phase; tile scale 1");
        assertThat(Verdict.line(null, 1, "failed", 0.25)).isEqualTo("Score: none @ 1 tile (failed); tile scale 0.25");
    }

    @Test
    void theScoreLineCarriesTheConfidenceIntervalOfThePhases() {
        assertThat(Verdict.line(Scoring.run(List.of(clean(1))), 1, "compliant")).endsWith("; 95 % CI 1.00-1.00 over 1 phase");
    }

    @Test
    void errorsOfAPassingWorkloadAreNotReasons() {
        PhaseScore fewErrors = phase(1, 0, Map.of("tile1-dvdstore-web1", 0L));

        Verdict verdict = Verdict.of(SPEC, List.of(fewErrors), List.of(), false, null);

        assertThat(verdict.word()).isEqualTo("compliant");
        assertThat(verdict.reasons()).isEmpty();
    }

    @Test
    void aVmThatDiedMakesTheRunNonCompliantAndIsNamed() {
        RunEvents events = new RunEvents();
        events.add(new VmStop("tile1-dvdstore-db", "dvdstore-db", 1, "guest process exited unexpectedly (exit 137)").sentence());
        events.add("provisioned 4 VMs");

        Verdict verdict = Verdict.of(SPEC, List.of(clean(1), clean(2), clean(3)), events.all(), false, null);

        assertThat(verdict.word()).isEqualTo("non-compliant");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.NON_COMPLIANT);
        RunEvents.Event died = events.all().getFirst();
        assertThat(verdict.reasons()).containsExactly(died.what() + " at " + died.at());
    }

    @Test
    void aCommittedOrderTheAuditDidNotFindOrAnAuditThatCouldNotRunMakesTheRunNonCompliant() {
        ScoreFile.Audit lost = new ScoreFile.Audit(1, "dvdstore", "committed orders", 500, 1, List.of(42L), null);
        ScoreFile.Audit unmade = ScoreFile.Audit.failed(2, "dvdstore", "Connection refused");
        ScoreFile.Audit clean = new ScoreFile.Audit(3, "dvdstore", "committed orders", 500, 0, List.of(), null);

        Verdict verdict = Verdict.of(SPEC, List.of(clean(1), clean(2), clean(3)), List.of(), false, null, Optional.empty(),
                List.of(lost, unmade, clean));

        assertThat(verdict.word()).isEqualTo("non-compliant");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.NON_COMPLIANT);
        assertThat(verdict.reasons()).containsExactly(
                "tile 1 dvdstore: 1 of 500 committed orders missing after the run (e.g. 42)",
                "tile 2 dvdstore: the audit of what the users saw committed could not be made: Connection refused");
        assertThat(Verdict.of(SPEC, List.of(clean(1), clean(2), clean(3)), List.of(), false, null, Optional.empty(),
                List.of(clean)).word()).isEqualTo("compliant");
    }

    @Test
    void anAbortedRunExitsWithThree() {
        Verdict verdict = Verdict.of(SPEC, List.of(clean(1)), List.of(), true, null);

        assertThat(verdict.word()).isEqualTo("aborted");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(verdict.reasons()).containsExactly("run aborted after 1 of 3 phases");
        assertThat(verdict.scoreLine()).isEqualTo("Score: 1.00 @ 1 tile (aborted); 95 % CI 1.00-1.00 over 1 phase; tile scale 0.07");
    }

    @Test
    void anAbortBeforeAnyPhaseHasNoScore() {
        Verdict verdict = Verdict.of(SPEC, List.of(), List.of(), true, null);

        assertThat(verdict.word()).isEqualTo("aborted");
        assertThat(verdict.score()).isNull();
        assertThat(verdict.scoreLine()).isEqualTo("Score: none @ 1 tile (aborted); tile scale 0.07");
    }

    @Test
    void aFailureIsFailedWithItsCause() {
        Verdict verdict = Verdict.of(spec(2), List.of(), List.of(), false, "platform: no datastore 'app'");

        assertThat(verdict.word()).isEqualTo("failed");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(verdict.reasons()).containsExactly("run failed: platform: no datastore 'app'");
        assertThat(verdict.scoreLine()).isEqualTo("Score: none @ 2 tiles (failed); tile scale 0.07");
    }

    @Test
    void aFailureAfterSomePhasesIsStillFailed() {
        Verdict verdict = Verdict.of(SPEC, List.of(clean(1)), List.of(), true, "driver crashed");

        assertThat(verdict.word()).isEqualTo("failed");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(verdict.reasons()).startsWith("run failed: driver crashed", "run aborted after 1 of 3 phases");
    }

    @Test
    void noCompletedPhaseIsAFailure() {
        Verdict verdict = Verdict.of(SPEC, List.of(), List.of(), false, null);

        assertThat(verdict.word()).isEqualTo("failed");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(verdict.reasons()).containsExactly("no measurement phase completed");
        assertThat(verdict.score()).isNull();
    }

    @Test
    void anInfrastructureOnlyRunWithEveryOperationDoneIsNotScoredAndExitsZero() {
        Map<Integer, InfraPhase> phases = Map.of(1, infra(new InfraOutcome("vmotion", true, ""), new InfraOutcome("deploy", true, "")),
                2, infra(new InfraOutcome("vmotion", true, ""), new InfraOutcome("deploy", true, "")));

        Verdict verdict = Verdict.infrastructureOnly(SPEC, new TreeMap<>(phases), List.of(), false, null);

        assertThat(verdict.verdict()).isEqualTo(RunVerdict.INFRASTRUCTURE_ONLY);
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.COMPLIANT);
        assertThat(verdict.score()).isNull();
        assertThat(verdict.scoreLine()).isEqualTo(
                "Infrastructure only @ 1 tile: 4 operation(s) succeeded, 0 failed over 2 phases, not scored (infrastructure-only)");
    }

    @Test
    void anInfrastructureOnlyRunWithAFailedOperationOrATypeThatNeverCompletedIsNonCompliantAndNamesIt() {
        Map<Integer, InfraPhase> phases = new TreeMap<>(Map.of(
                1, infra(new InfraOutcome("vmotion", true, ""), new InfraOutcome("deploy", false, "deploy of deploy-b1-2 failed: InvalidState")),
                2, infra(new InfraOutcome("vmotion", true, ""))));

        Verdict verdict = Verdict.infrastructureOnly(SPEC, phases, List.of(), false, null);

        assertThat(verdict.word()).isEqualTo("non-compliant");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.NON_COMPLIANT);
        assertThat(verdict.reasons()).contains("phase 1: infrastructure: deploy of deploy-b1-2 failed: InvalidState",
                "phase 2: infrastructure: no deploy completed in the phase");
        assertThat(verdict.scoreLine()).contains("2 operation(s) succeeded, 1 failed over 2 phases");
    }

    @Test
    void anInfrastructureOnlyRunThatMeasuredNoPhaseFailed() {
        Verdict verdict = Verdict.infrastructureOnly(SPEC, Map.of(), List.of(), false, "PlatformException: clone refused");

        assertThat(verdict.word()).isEqualTo("failed");
        assertThat(verdict.exitCode()).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(verdict.reasons()).containsExactly("run failed: PlatformException: clone refused");
    }

    private static InfraPhase infra(InfraOutcome... outcomes) {
        return InfraPhase.of(List.of(outcomes), Map.of("vmotion", 210.0, "deploy", 90.0), Duration.ofMinutes(1));
    }

    private static PhaseScore clean(int phase) {
        return phase(phase, 0, Map.of());
    }

    /** One tile of DVD Store at exactly its reference throughput, 200 orders attempted. */
    private static PhaseScore phase(int phase, long errors, Map<String, Long> errorsByVm) {
        WorkloadResult result = new WorkloadResult(1, "dvdstore", "orders/min", 300, Duration.ofMinutes(1), Map.of(),
                200, errors, 0, 5.0, errorsByVm);
        WorkloadScore workload = Scoring.workload(result, 300, List.of(new FailureRateRule(0.5, true)));
        TileScore tile = Scoring.tile(1, List.of(workload));
        return Scoring.phase(phase, List.of(tile), OptionalDouble.empty());
    }

    private static BenchmarkSpec spec(int tiles) {
        try {
            return ConfigLoader.load(Optional.empty(), Map.of("run.tiles", Integer.toString(tiles), "run.phases", "3"));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
