package org.tilemark.harness.storage;

import org.tilemark.workloads.storage.IoResult;

/**
 * One measured data point: every VM's I/O merged, and the hosts' CPU utilization over the measured
 * window, in percent summed over their cores (NaN if the platform cannot tell).
 */
record DataPointResult(DataPoint point, IoResult io, int vms, double cpuPercent) {

    double iopsPerCpuPercent() {
        return cpuPercent > 0 ? io.iops() / cpuPercent : Double.NaN;
    }

    double mbPerSecondPerCpuPercent() {
        return cpuPercent > 0 ? io.megabytesPerSecond() / cpuPercent : Double.NaN;
    }
}
