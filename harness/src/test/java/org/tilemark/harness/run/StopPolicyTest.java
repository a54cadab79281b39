package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.PhaseScore;
import org.tilemark.scoring.Scoring;
import org.tilemark.scoring.WorkloadResult;

/** When measuring ends early: an abort at once, a failed phase only where the policy says and phases are left. */
class StopPolicyTest {

    private static final int PHASES = 3;
    private final CountDownLatch abort = new CountDownLatch(1);

    @Test
    void aFailedPhaseWithPhasesLeftStopsARunThatStopsAtTheFirstFailedPhase() {
        StopPolicy policy = new StopPolicy(PhasePolicy.STOP_AT_FIRST_FAILED_PHASE, PHASES, abort);

        assertThat(policy.afterPhase(scored(1, 150))).contains(new StopPolicy.Stop.FailedPhase(1));
        assertThat(policy.afterPhase(scored(2, 150))).contains(new StopPolicy.Stop.FailedPhase(2));
    }

    @Test
    void thePhasesThatPassedTheLastPhaseAndARunThatMeasuresAllGoOn() {
        StopPolicy stopping = new StopPolicy(PhasePolicy.STOP_AT_FIRST_FAILED_PHASE, PHASES, abort);
        StopPolicy measuringAll = new StopPolicy(PhasePolicy.MEASURE_ALL, PHASES, abort);

        assertThat(stopping.afterPhase(scored(1, 0))).as("passed").isEmpty();
        assertThat(stopping.afterPhase(scored(PHASES, 150))).as("nothing left to spare").isEmpty();
        assertThat(measuringAll.afterPhase(scored(1, 150))).as("measures all").isEmpty();
    }

    @Test
    void anInfrastructureOnlyPhaseNeverStopsTheRun() {
        StopPolicy policy = new StopPolicy(PhasePolicy.STOP_AT_FIRST_FAILED_PHASE, PHASES, abort);
        InfraPhase noOperations = InfraPhase.of(List.of(), Map.of("vmotion", 210.0), Duration.ofMinutes(1));

        assertThat(noOperations.qos().passed()).as("a phase with no operation fails its QoS").isFalse();
        assertThat(policy.afterPhase(new PhaseEnd.InfraOnly(1, noOperations))).isEmpty();
    }

    @Test
    void anAbortEndsTheWaitForTheIntervalWithAStopAndAPassedBoundaryDoesNot() throws Exception {
        StopPolicy policy = new StopPolicy(PhasePolicy.MEASURE_ALL, PHASES, abort);

        assertThat(policy.abortRequested()).isFalse();
        assertThat(policy.waitUntil(Instant.now().minusSeconds(1))).isEmpty();

        abort.countDown();

        assertThat(policy.abortRequested()).isTrue();
        assertThat(policy.waitUntil(Instant.now().plus(Duration.ofDays(1)))).contains(new StopPolicy.Stop.Aborted());
    }

    /** One tile of DVD Store at its reference throughput, 200 orders attempted, {@code errors} of them failed. */
    private static PhaseEnd scored(int phase, long errors) {
        WorkloadResult result = new WorkloadResult(1, "dvdstore", "orders/min", 300, Duration.ofMinutes(1), Map.of(),
                200, errors, 0, 5.0, Map.of());
        PhaseScore score = Scoring.phase(phase, List.of(Scoring.tile(1, List.of(
                Scoring.workload(result, 300, List.of(new FailureRateRule(0.5, true)))))), OptionalDouble.empty());
        return new PhaseEnd.Scored(score);
    }
}
