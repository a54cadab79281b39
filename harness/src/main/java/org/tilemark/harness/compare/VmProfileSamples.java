package org.tilemark.harness.compare;

import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.VmProfileTotals;
import org.tilemark.harness.compare.MetricSamples.Better;

/**
 * Each role's resource profile per measured phase (vm-profile.jsonl, as the platform measured it): CPU, memory,
 * disk requests and bytes, network bytes, per second of the phase and averaged over the role's VMs (one per tile).
 * Reported beside the judged metrics, never judged: a slower array moving a VM's I/O is an explanation, not a verdict.
 * A bundle without the file (a platform without a meter, or older than it) adds nothing.
 */
final class VmProfileSamples {

    private static final double KIB = 1024.0;
    private static final double MIB = 1024.0 * 1024.0;

    private record Figure(String key, String label, String unit, Function<VmProfileTotals.Phase, Double> value) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("cpu", "CPU", "cores", p -> p.cpuSeconds() == null || p.seconds() <= 0 ? null : p.cpuSeconds() / p.seconds()),
            new Figure("memory", "memory", "MiB", p -> p.memoryBytes() == null ? null : p.memoryBytes() / MIB),
            new Figure("diskReadOps", "disk read ops", "ops/s", p -> p.perSecond(p.diskReadOps())),
            new Figure("diskReadBytes", "disk read", "KiB/s", p -> scaled(p.perSecond(p.diskReadBytes()))),
            new Figure("diskWriteOps", "disk write ops", "ops/s", p -> p.perSecond(p.diskWriteOps())),
            new Figure("diskWriteBytes", "disk written", "KiB/s", p -> scaled(p.perSecond(p.diskWriteBytes()))),
            new Figure("netReceivedBytes", "net received", "KiB/s", p -> scaled(p.perSecond(p.netReceivedBytes()))),
            new Figure("netSentBytes", "net sent", "KiB/s", p -> scaled(p.perSecond(p.netSentBytes()))));

    private VmProfileSamples() {
    }

    /** Adds each role's figures per phase to {@code perPhase}; nothing when the bundle has no vm-profile.jsonl. */
    static void add(BundleReader reader, PhaseMeans perPhase) throws IOException {
        for (VmProfileTotals.Phase phase : reader.vmProfileTotals().map(VmProfileTotals.Read::phases).orElse(List.of())) {
            for (Figure figure : FIGURES) {
                Double value = figure.value().apply(phase);
                if (value != null) {
                    perPhase.add(phase.phase(), new MetricSamples("profile." + phase.role() + "." + figure.key(),
                            phase.role() + " " + figure.label(), figure.unit(), Better.NEITHER, BundleSamples.PHASE, List.of()), value);
                }
            }
        }
    }

    private static Double scaled(Double bytesPerSecond) {
        return bytesPerSecond == null ? null : bytesPerSecond / KIB;
    }
}
