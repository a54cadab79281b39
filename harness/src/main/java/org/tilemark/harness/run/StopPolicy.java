package org.tilemark.harness.run;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * When measuring ends before its plan does. An abort (Ctrl-C, the web app's stop) ends it at once,
 * the intervals cut so far kept; under {@link PhasePolicy#STOP_AT_FIRST_FAILED_PHASE} a phase that
 * failed QoS ends it when phases are left, as the run can no longer comply. A failure mid-run (a
 * driver or the bundle throwing) is no decision of this policy: it ends the loop by its exception, and
 * the verdict names it.
 */
final class StopPolicy {

    /** Why measuring stopped early. */
    sealed interface Stop {
        /** Asked to stop: only complete phases are scored. */
        record Aborted() implements Stop {
        }

        /** Phase {@code phase} failed QoS with phases left. */
        record FailedPhase(int phase) implements Stop {
        }
    }

    private final PhasePolicy policy;
    private final int phases;
    private final CountDownLatch abort;

    StopPolicy(PhasePolicy policy, int phases, CountDownLatch abort) {
        this.policy = policy;
        this.phases = phases;
        this.abort = abort;
    }

    /** Whether a stop was asked for before measuring started. */
    boolean abortRequested() {
        return abort.getCount() == 0;
    }

    /** Sleeps until {@code instant} (the interval clock); an abort asked meanwhile ends the wait with a stop. */
    Optional<Stop> waitUntil(Instant instant) throws InterruptedException {
        long waitMs = Duration.between(Instant.now(), instant).toMillis();
        return abort.await(Math.max(0, waitMs), TimeUnit.MILLISECONDS) ? Optional.of(new Stop.Aborted()) : Optional.empty();
    }

    /** After a phase's end: a stop if it failed QoS, the policy stops at a failed phase, and phases are left. */
    Optional<Stop> afterPhase(PhaseEnd end) {
        if (end instanceof PhaseEnd.Scored(var score) && !score.qos().passed()
                && policy == PhasePolicy.STOP_AT_FIRST_FAILED_PHASE && score.phase() < phases) {
            return Optional.of(new Stop.FailedPhase(score.phase()));
        }
        return Optional.empty();
    }
}
