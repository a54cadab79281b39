package org.tilemark.workloads.olio;

import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;

/** A JMeter sample of one Olio cycle, named by its operation, carrying the cycle's exact times. */
final class OlioCycleSample extends SampleResult {

    private final transient OlioCycle cycle;

    OlioCycleSample(OlioCycle cycle) {
        this.cycle = cycle;
        setSampleLabel(cycle.operation());
        setStampAndTime(TimeUnit.NANOSECONDS.toMillis(cycle.startNanos()),
                TimeUnit.NANOSECONDS.toMillis(cycle.endNanos() - cycle.startNanos()));
        setSuccessful(cycle.ok());
        setResponseCode(cycle.ok() ? "200" : "");
        setResponseMessage(cycle.ok() ? "OK" : cycle.failure());
    }

    OlioCycle cycle() {
        return cycle;
    }
}
