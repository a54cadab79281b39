package org.tilemark.harness.run;

/** Whether a run measures every phase, or stops once a phase failed QoS (the run can no longer comply). */
public enum PhasePolicy {
    MEASURE_ALL,
    /** For a search: a failed phase already makes the run non-compliant, so the rest would be wasted time. */
    STOP_AT_FIRST_FAILED_PHASE
}
