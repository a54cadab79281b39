package org.tilemark.harness.run;

import java.nio.file.Path;
import java.util.Optional;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.scoring.RunVerdict;

/**
 * What a run tells while it goes, for a live view ({@code tilemark serve}): the same samples the console
 * line prints every interval (in the live form {@link LiveInterval}, made by the run's publisher of them),
 * each infrastructure operation as it is written to the bundle, and the verdict; and the meters it serves,
 * which the run publishes its samples to as it does to the bundle. Called on the run's threads; an
 * implementation must return quickly and never throw.
 */
public interface RunListener {

    /** Listens to nothing. */
    RunListener NONE = new RunListener() {
    };

    /** The meters the live view serves ({@code /metrics}), one publisher for every run it watches; none by default. */
    default Optional<MetricsPublisher> metrics() {
        return Optional.empty();
    }

    /** The run has its id and its bundle directory. */
    default void started(String runId, Path bundle) {
    }

    /** An interval was cut (warm-up or measured). */
    default void interval(LiveInterval interval) {
    }

    /** An infrastructure operation ended, as its {@code infra-ops.jsonl} line says. */
    default void infraOperation(InfraOpLine operation) {
    }

    /** Something happened to the run (a VM stopped, a phase failed its QoS), at {@code at} (ISO-8601). */
    default void event(String at, String what) {
    }

    /** The verdict is written, with the score line that tells it. */
    default void finished(RunVerdict verdict, String scoreLine) {
    }
}
