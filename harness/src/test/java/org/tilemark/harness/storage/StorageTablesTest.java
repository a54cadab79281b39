package org.tilemark.harness.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.workloads.storage.IoResult;

class StorageTablesTest {

    private static DataPointResult result(DataPoint point, long ios, double cpu, boolean direct) {
        Histogram latency = new Histogram(3);
        for (int i = 0; i < 100; i++) {
            latency.recordValue(1_000_000 + i * 10_000L); // 1.00 .. 1.99 ms
        }
        long bytes = ios * Math.max(1, point.sizeKb()) * 1024L;
        IoResult io = new IoResult(ios, 0, bytes, 0, 0, Duration.ofSeconds(10), direct, latency);
        return new DataPointResult(point, io, 2, cpu);
    }

    private static List<DataPointResult> results() {
        List<DataPointResult> results = new ArrayList<>();
        long ios = 10_000;
        for (DataPoint p : StorageMatrix.points(ConfigLoader.defaults().storage())) {
            results.add(result(p, ios, p.inMatrix() ? 50 : Double.NaN, p.sizeKb() != 64));
            ios += 10_000;
        }
        return results;
    }

    @Test
    void theIopsTableHasSizesAsRowsAndThePapersColumnOrder() {
        String table = StorageTables.table(results(), StorageTables.METRICS.getFirst());

        List<String> lines = table.lines().toList();
        assertThat(lines.get(0)).isEqualTo("IOPS");
        assertThat(lines.get(1)).containsSubsequence("random write", "random read", "sequential write", "sequential read");
        assertThat(lines.get(2)).startsWith("    4 KB").contains("1,000").contains("4,000");
        assertThat(lines).hasSize(7);
    }

    @Test
    void efficiencyIsPerPercentCpuAndUnknownCpuSaysSo() {
        List<DataPointResult> results = results();
        DataPointResult first = results.getFirst();

        assertThat(first.io().iops()).isEqualTo(1000.0);
        assertThat(first.iopsPerCpuPercent()).isEqualTo(20.0);
        String console = StorageTables.console(results);
        assertThat(console).contains("70/30 read/write").contains("CPU n/a");
        assertThat(console).contains("buffered");
    }

    @Test
    void everyMetricHasATableInTablesTxt() {
        String all = StorageTables.all(results());
        for (StorageTables.Metric metric : StorageTables.METRICS) {
            assertThat(all).contains(metric.title());
        }
    }
}
