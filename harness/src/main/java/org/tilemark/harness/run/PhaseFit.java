package org.tilemark.harness.run;

import java.time.Duration;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.Durations;
import org.tilemark.config.InfraSpec;

/**
 * Whether a phase is long enough for the rule it must meet: every infrastructure operation type
 * completes at least once per phase. Deploy is the longest loop: one deploy (copy, boot, job, power
 * off, destroy) and the pause before the next; a phase at least that long holds the end of one.
 */
public final class PhaseFit {

    /**
     * Copying the deploy template, booting it and powering it off around its job, as measured on the
     * local platform (about 20 s on a busy 2-core machine), rounded up: an estimate, not a guarantee.
     */
    static final Duration DEPLOY_OVERHEAD = Duration.ofSeconds(25);

    private PhaseFit() {
    }

    /** The shortest workable run.phaseDuration, a whole number of intervals; empty when no Deploy runs. */
    public static Optional<Duration> shortestPhase(BenchmarkSpec spec) {
        InfraSpec infra = spec.infra();
        if (!infra.enabled() || !infra.deploy().enabled()) {
            return Optional.empty();
        }
        Duration needed = infra.deploy().jobDuration().plus(DEPLOY_OVERHEAD).plus(infra.pause());
        Duration interval = spec.run().interval();
        long intervals = (needed.toMillis() + interval.toMillis() - 1) / interval.toMillis();
        return Optional.of(interval.multipliedBy(intervals));
    }

    /** Why the configured phase is too short, naming the key and the shortest workable value; empty when it fits. */
    public static Optional<String> tooShort(BenchmarkSpec spec) {
        return shortestPhase(spec).filter(shortest -> spec.run().phaseDuration().compareTo(shortest) < 0)
                .map(shortest -> "run.phaseDuration: " + Durations.format(spec.run().phaseDuration())
                        + " is too short for every infrastructure operation type to complete once per phase (a Deploy "
                        + "takes infra.deploy.jobDuration " + Durations.format(spec.infra().deploy().jobDuration())
                        + " + about " + Durations.format(DEPLOY_OVERHEAD) + " to copy, boot and power off, then infra.pause "
                        + Durations.format(spec.infra().pause()) + "); use run.phaseDuration >= "
                        + Durations.format(shortest) + ", or infra.enabled=false");
    }
}
