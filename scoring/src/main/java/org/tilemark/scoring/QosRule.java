package org.tilemark.scoring;

/** One quality-of-service condition a workload result must meet. */
public sealed interface QosRule permits PercentileRule, FailureRateRule, ScheduleLagRule, MixRule,
        CycleTimeRule {

    /** Checks the result; the check's detail names the measured value and the limit. */
    QosCheck check(WorkloadResult result);

    /** The condition as a sentence, e.g. "p95 of purchase <= 2000 ms". */
    String describe();
}
