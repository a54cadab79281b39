package org.tilemark.harness.run;

import org.tilemark.harness.bundle.InfraOpLine;

/**
 * Where the run's samples go: the bundle, the console, the live view and its metrics. The
 * measurement loop and the infrastructure loops produce them and know nothing of who listens; each
 * publisher takes what it needs. Called on the run's threads.
 */
interface SamplePublisher {

    /** An interval was cut: one sample per tile and workload (warm-up or measured). */
    void interval(IntervalCut cut);

    /** A measurement phase ended. */
    default void phaseEnded(PhaseEnd end) {
    }

    /** An infrastructure operation ended (or the platform moved a VM on its own), as infra-ops.jsonl records it. */
    default void infraOperation(InfraOpLine operation) {
    }
}
