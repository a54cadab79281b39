package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One line of vm-profile.jsonl: what one VM used in one interval, as its platform measured it (never the guest):
 * CPU seconds, memory in use at the interval's end, disk read and write requests and bytes, network bytes
 * received and sent. A figure is null where the platform does not measure it; {@code notMeasured} says why, per
 * field name, and {@code source} where the figures come from. {@code version} is the line's own format
 * ({@link #VERSION}); a reader refuses a line of a version it does not know.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VmProfileLine(int version, int interval, String stage, int phase, String start, String end, long durationMs,
                            String vm, String role, int tile, Double cpuSeconds, Long memoryBytes,
                            Long diskReadOps, Long diskReadBytes, Long diskWriteOps, Long diskWriteBytes,
                            Long netReceivedBytes, Long netSentBytes, String source, Map<String, String> notMeasured) {

    public static final int VERSION = 1;

    public boolean warmup() {
        return IntervalLine.WARMUP.equals(stage);
    }

    /** Whether the line holds what places it: a known version, the VM, its role and the interval's start. */
    boolean placed() {
        return version == VERSION && vm != null && role != null && start != null && stage != null;
    }

    /** The line's names for what a meter did not measure, named as {@code VmResources} names its counters: CPU in seconds. */
    public static java.util.Map<String, String> notMeasuredFields(java.util.Map<String, String> notMeasured) {
        java.util.Map<String, String> named = new java.util.TreeMap<>();
        notMeasured.forEach((counter, why) -> named.put(counter.equals("cpuNanos") ? "cpuSeconds" : counter, why));
        return named;
    }
}
