package org.tilemark.harness.run;

import java.time.Instant;
import org.tilemark.harness.bundle.HistogramLog;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.harness.bundle.ResultsBundle;

/**
 * The results bundle as a publisher: each sample's histograms to its tile's and workload's log, its
 * line to intervals.jsonl, each infrastructure operation to infra-ops.jsonl. The format is the
 * bundle's ({@link ResultsBundle}); this only hands it the records.
 */
final class BundlePublisher implements SamplePublisher {

    private final ResultsBundle bundle;

    BundlePublisher(ResultsBundle bundle) {
        this.bundle = bundle;
    }

    @Override
    public void interval(IntervalCut cut) {
        Instant start = cut.start();
        Instant end = cut.end();
        for (IntervalSample sample : cut.samples()) {
            HistogramLog log = bundle.histogramLog(sample.tile(), sample.workload(), cut.origin());
            sample.snapshot().measure().latencyNanos().forEach((op, h) -> log.write(op, h, start, end));
            log.write(HistogramLog.SCHEDULE_LAG, sample.snapshot().measure().scheduleLagNanos(), start, end);
            bundle.appendInterval(new IntervalLine(cut.slot().index(), cut.warmup() ? IntervalLine.WARMUP : IntervalLine.MEASURE,
                    cut.slot().phase(), sample.tile(), sample.workload(), start.toString(), end.toString(),
                    sample.interval().measured().toMillis(), Measured.round(sample.target()), sample.snapshot().measure().completed(),
                    Measured.of(sample.interval())));
        }
    }

    @Override
    public void infraOperation(InfraOpLine operation) {
        bundle.appendInfraOperation(operation);
    }
}
