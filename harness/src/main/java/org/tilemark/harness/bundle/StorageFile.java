package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Map;

/**
 * A storage characterization bundle's records (docs/storage.md): its {@code run.json} ({@link Run}), a
 * {@code storage.jsonl} line per data point ({@link Point}), a {@code scaling.jsonl} line per layout and
 * spec ({@link ScalingLine}) and an {@code interference.jsonl} line per interval ({@link InterferenceLine}).
 * Written by {@link ResultsBundle}'s storage writers, read by {@link BundleReader#storagePoints()} and its
 * siblings.
 */
public final class StorageFile {

    /** {@link Run#mode()} of a storage bundle's run.json (a tile run's has none). */
    public static final String MODE = "storage";

    private StorageFile() {
    }

    /**
     * A storage bundle's run.json: what ran and how it ended ({@code failure} null when it completed).
     *
     * @param dataPoints the data points measured
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Run(String runId, String mode, boolean quick, int dataPoints, String failure, Map<String, Object> config,
                      String endedAt) {
    }

    /**
     * One data point's figures: its pattern, transfer size (0: a spec of its own) and access spec, the I/O VMs,
     * counts, rates and latencies, the harness's CPU (null where unmeasured, and then no efficiencies), and the
     * merged latency histogram (base64 HdrHistogram).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Point(String pattern, int sizeKb, String spec, int vms, boolean direct, long reads, long writes, long errors,
                        long measuredMs, double iops, double mbPerSecond, double meanMs, double p95Ms, double p99Ms, double maxMs,
                        Double cpuPercent, @JsonInclude(JsonInclude.Include.NON_NULL) Double iopsPerCpuPercent,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double mbPerSecondPerCpuPercent, String histogram) {
    }

    /** A data point of {@code storage scaling}: the layout it ran on (hosts, disks per VM) and its figures. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ScalingLine(@JsonUnwrapped Point point, int hosts, int disksPerVm) {
    }

    /**
     * An interval of {@code storage interference}: its number, its step, how often the metadata loop created and
     * deleted a disk in it (null: no loop), the pairs it completed and their mean time, and the I/O figures.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record InterferenceLine(@JsonUnwrapped Point point, int interval, int step, Long createDeleteEveryMs,
                                   long metadataPairs, double metadataMeanMs) {
    }
}
