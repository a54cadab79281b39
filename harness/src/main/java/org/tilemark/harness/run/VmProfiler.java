package org.tilemark.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.Measured;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.VmProfileLine;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmResourceMeter;
import org.tilemark.infra.platform.VmResources;

/**
 * Writes what each tile VM used per interval (vm-profile.jsonl) from the platform's {@link VmResourceMeter}: the
 * meter is read as measuring starts and at every interval boundary, and each VM's line holds the differences of
 * its counters (its memory as read at the boundary). A platform without a meter writes nothing; a reading that
 * fails leaves that interval's lines out and says so once, and the run goes on.
 */
final class VmProfiler {

    static final VmProfiler NONE = new VmProfiler(Optional.empty(), null, null);

    private final Optional<VmResourceMeter> meter;
    private final ResultsBundle bundle;
    private final PrintStream out;

    private VmProfiler(Optional<VmResourceMeter> meter, ResultsBundle bundle, PrintStream out) {
        this.meter = meter;
        this.bundle = bundle;
        this.out = out;
    }

    static VmProfiler of(Optional<VmResourceMeter> meter, ResultsBundle bundle, PrintStream out) {
        return new VmProfiler(meter, bundle, out);
    }

    /** Reads the meter once for {@code vms}, the baseline of the first interval. */
    Sampling start(List<TileProvisioner.DeployedVm> vms) {
        if (meter.isEmpty() || vms.isEmpty()) {
            return (slot, start, end) -> { };
        }
        return new Counting(meter.get(), vms.stream().map(TileProvisioner.DeployedVm::vm).toList());
    }

    /** The hook the measurement loop calls once per interval, after the drivers' cuts. */
    interface Sampling {
        void interval(MeasurementPlan.Slot slot, Instant start, Instant end);
    }

    private final class Counting implements Sampling {

        private final VmResourceMeter meter;
        private final List<Vm> vms;
        private Map<String, VmResources> last;
        private boolean warned;

        Counting(VmResourceMeter meter, List<Vm> vms) {
            this.meter = meter;
            this.vms = vms;
            this.last = read().orElse(Map.of());
        }

        @Override
        public void interval(MeasurementPlan.Slot slot, Instant start, Instant end) {
            Optional<Map<String, VmResources>> now = read();
            if (now.isEmpty()) {
                return;
            }
            for (Vm vm : vms) {
                VmResources after = now.get().get(vm.name());
                VmResources before = last.get(vm.name());
                if (after == null) {
                    continue;
                }
                bundle.appendVmProfile(line(slot, start, end, vm, before == null ? VmResources.NONE : before, after));
            }
            Map<String, VmResources> kept = new HashMap<>(last);
            kept.putAll(now.get());
            last = kept;
        }

        private VmProfileLine line(MeasurementPlan.Slot slot, Instant start, Instant end, Vm vm, VmResources before, VmResources after) {
            Function<Function<VmResources, Long>, Long> delta = counter -> difference(counter.apply(before), counter.apply(after));
            Long cpuNanos = delta.apply(VmResources::cpuNanos);
            return new VmProfileLine(VmProfileLine.VERSION, slot.index(), slot.warmup() ? IntervalLine.WARMUP : IntervalLine.MEASURE,
                    slot.phase(), start.toString(), end.toString(), Duration.between(start, end).toMillis(), vm.name(), vm.role(), vm.tile(),
                    cpuNanos == null ? null : Measured.round(cpuNanos / 1e9), after.memoryBytes(),
                    delta.apply(VmResources::diskReadOps), delta.apply(VmResources::diskReadBytes), delta.apply(VmResources::diskWriteOps),
                    delta.apply(VmResources::diskWriteBytes), delta.apply(VmResources::netReceivedBytes),
                    delta.apply(VmResources::netSentBytes), meter.source(), VmProfileLine.notMeasuredFields(meter.notMeasured()));
        }

        /** A counter the platform measured at both ends (one it first measured now counts from zero). */
        private static Long difference(Long before, Long after) {
            if (after == null) {
                return null;
            }
            return Math.max(0, after - (before == null ? 0 : before));
        }

        private Optional<Map<String, VmResources>> read() {
            try {
                return Optional.of(meter.read(vms));
            } catch (RuntimeException e) {
                if (!warned) {
                    warned = true;
                    out.println("[profile] the platform's VM counters could not be read (" + e.getMessage()
                            + "); the intervals without a reading have no vm-profile lines");
                }
                return Optional.empty();
            }
        }
    }
}
