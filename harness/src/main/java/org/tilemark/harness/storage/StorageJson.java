package org.tilemark.harness.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.tilemark.harness.bundle.ResultsBundle;

/** A {@code storage.jsonl} line: the data point, its figures, and the merged latency histogram. */
final class StorageJson {

    private StorageJson() {
    }

    static ObjectNode line(DataPointResult r) {
        ObjectNode n = ResultsBundle.object();
        n.put("pattern", r.point().pattern());
        n.put("sizeKb", r.point().sizeKb());
        n.put("spec", r.point().spec().toString());
        n.put("vms", r.vms());
        n.put("direct", r.io().direct());
        n.put("reads", r.io().reads());
        n.put("writes", r.io().writes());
        n.put("errors", r.io().errors());
        n.put("measuredMs", r.io().measured().toMillis());
        n.put("iops", round(r.io().iops()));
        n.put("mbPerSecond", round(r.io().megabytesPerSecond()));
        n.put("meanMs", round(r.io().meanMs()));
        n.put("p95Ms", round(r.io().percentileMs(95)));
        n.put("p99Ms", round(r.io().percentileMs(99)));
        n.put("maxMs", round(r.io().maxMs()));
        if (Double.isNaN(r.cpuPercent())) {
            n.putNull("cpuPercent");
        } else {
            n.put("cpuPercent", round(r.cpuPercent()));
            n.put("iopsPerCpuPercent", round(r.iopsPerCpuPercent()));
            n.put("mbPerSecondPerCpuPercent", round(r.mbPerSecondPerCpuPercent()));
        }
        n.put("histogram", r.io().encode());
        return n;
    }

    static double round(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? 0 : Math.round(v * 1000.0) / 1000.0;
    }
}
