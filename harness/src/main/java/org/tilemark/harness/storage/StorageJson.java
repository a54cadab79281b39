package org.tilemark.harness.storage;

import org.tilemark.harness.bundle.StorageFile;

/** A data point as the bundle's {@code storage.jsonl} record: its figures, rounded, and the merged latency histogram. */
final class StorageJson {

    private StorageJson() {
    }

    static StorageFile.Point point(DataPointResult r) {
        boolean cpu = !Double.isNaN(r.cpuPercent());
        return new StorageFile.Point(r.point().pattern(), r.point().sizeKb(), r.point().spec().toString(), r.vms(),
                r.io().direct(), r.io().reads(), r.io().writes(), r.io().errors(), r.io().measured().toMillis(),
                round(r.io().iops()), round(r.io().megabytesPerSecond()), round(r.io().meanMs()),
                round(r.io().percentileMs(95)), round(r.io().percentileMs(99)), round(r.io().maxMs()),
                cpu ? round(r.cpuPercent()) : null, cpu ? round(r.iopsPerCpuPercent()) : null,
                cpu ? round(r.mbPerSecondPerCpuPercent()) : null, r.io().encode());
    }

    static double round(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? 0 : Math.round(v * 1000.0) / 1000.0;
    }
}
