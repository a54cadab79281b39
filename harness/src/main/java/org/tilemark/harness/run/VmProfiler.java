package org.tilemark.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
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
        List<Vm> fixed = vms.stream().map(TileProvisioner.DeployedVm::vm).toList();
        return new Counting(meter.get(), () -> fixed);
    }

    /**
     * Profiles the VMs {@code current} names at each interval's end, a set that changes as tiles join and leave (a
     * search's load path): a VM that was not there at the last reading is read as its baseline, so its first line is
     * the interval after, never what it used since it booted.
     */
    Sampling following(Supplier<List<Vm>> current) {
        if (meter.isEmpty()) {
            return (slot, start, end) -> { };
        }
        return new Counting(meter.get(), current);
    }

    /** The hook the measurement loop calls once per interval, after the drivers' cuts. */
    interface Sampling {
        void interval(MeasurementPlan.Slot slot, Instant start, Instant end);
    }

    private final class Counting implements Sampling {

        private final VmResourceMeter meter;
        private final Supplier<List<Vm>> vms;
        /** The VMs whose baseline was read (or tried): a VM read at the start without an answer counts from zero. */
        private final Set<String> known = new HashSet<>();
        private Map<String, VmResources> last;
        private boolean warned;

        Counting(VmResourceMeter meter, Supplier<List<Vm>> vms) {
            this.meter = meter;
            this.vms = vms;
            List<Vm> first = vms.get();
            first.forEach(vm -> known.add(vm.name()));
            this.last = first.isEmpty() ? Map.of() : read(first).orElse(Map.of());
        }

        @Override
        public void interval(MeasurementPlan.Slot slot, Instant start, Instant end) {
            List<Vm> current = vms.get();
            if (current.isEmpty()) {
                return;
            }
            Optional<Map<String, VmResources>> now = read(current);
            if (now.isEmpty()) {
                return;
            }
            for (Vm vm : current) {
                VmResources after = now.get().get(vm.name());
                VmResources before = last.get(vm.name());
                if (after == null || known.add(vm.name())) { // a VM seen first now: this reading is its baseline
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

        private Optional<Map<String, VmResources>> read(List<Vm> wanted) {
            try {
                return Optional.of(meter.read(wanted));
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
