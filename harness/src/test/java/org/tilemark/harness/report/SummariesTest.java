package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.bundle.HistogramLog;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.scoring.OperationStats;

/** An unscored bundle's phase figures are added up from its intervals, percentiles from merged histograms. */
class SummariesTest {

    private static final Instant T0 = Instant.parse("2026-11-22T06:00:00Z");

    @TempDir
    Path temp;

    /** 1000 fast requests in one interval, 10 slow ones in the next: the slow ones are 1 % of the phase. */
    private Path bundle(boolean withHistograms) throws Exception {
        Path directory = temp.resolve("run");
        try (ResultsBundle bundle = ResultsBundle.create(directory)) {
            bundle.writeRun(new RunFile("r1", "2026-11-22T06:00:00Z", null, "local", false, false, List.of(), "quick", 1, 1.0, Map.of(),
                    Map.of(), new RunFile.Inventory(List.of(), List.of(), List.of(), List.of()),
                    new RunFile.Versions("test", "21", "16", "3", "Linux")));
            interval(bundle, 1, T0, latencies(1000, 1), 1.0, withHistograms);
            interval(bundle, 2, T0.plusSeconds(10), latencies(10, 200), 200.0, withHistograms);
        }
        return directory;
    }

    private static void interval(ResultsBundle bundle, int number, Instant start, Histogram login, double p95Ms,
                                 boolean withHistograms) {
        if (withHistograms) {
            HistogramLog log = bundle.histogramLog(1, "dvdstore", T0);
            log.write("login", login, start, start.plusSeconds(10));
            log.write(HistogramLog.SCHEDULE_LAG, latencies(1, number), start, start.plusSeconds(10));
        }
        Measured measured = new Measured("orders/min", 300.0, login.getTotalCount(), 0, 0, number, Map.of(),
                Map.of("login", new OperationStats(login.getTotalCount(), 0, p95Ms, p95Ms, p95Ms, p95Ms, p95Ms, p95Ms)));
        bundle.appendInterval(new IntervalLine(number, IntervalLine.MEASURE, 1, 1, "dvdstore", start.toString(),
                start.plusSeconds(10).toString(), 10_000, 300.0, login.getTotalCount(), measured));
    }

    private static Histogram latencies(int count, long ms) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(ms * 1_000_000, count);
        return h;
    }

    @Test
    void phasePercentilesComeFromTheMergedHistogramsNotTheWorstInterval() throws Exception {
        List<WorkloadSummary> summaries = Summaries.of(BundleContents.load(bundle(true)));

        OperationStats login = summaries.getFirst().operations().get("login");
        assertThat(login.count()).isEqualTo(1010);
        // The worst interval's p95 is 200 ms; over the phase 99 % of the requests took 1 ms.
        assertThat(login.p95Ms()).isCloseTo(1.0, within(0.01));
        assertThat(login.maxMs()).isCloseTo(200.0, within(0.5));
        assertThat(summaries.getFirst().scheduleLagP99Ms()).isCloseTo(2.0, within(0.01));
    }

    @Test
    void withoutHistogramsThePhaseLatenciesAreUnknownRatherThanGuessed() throws Exception {
        Path directory = bundle(false);

        OperationStats login = Summaries.of(BundleContents.load(directory)).getFirst().operations().get("login");

        assertThat(login.count()).isEqualTo(1010);
        assertThat(login.p95Ms()).isNaN();
    }
}
