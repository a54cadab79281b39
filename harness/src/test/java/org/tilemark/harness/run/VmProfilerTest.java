package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.VmProfileLine;
import org.tilemark.harness.bundle.VmProfileTotals;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmResourceMeter;
import org.tilemark.infra.platform.VmResources;
import org.tilemark.workloads.VmRequest;

/**
 * What the measurement loop's hook writes: per interval and VM the differences of the platform's cumulative
 * counters, memory as read, written to vm-profile.jsonl and read back as records. The meter here is a scripted
 * one: this tests the layer above the platform SPI, whose meters have tests of their own on real platforms.
 */
class VmProfilerTest {

    @TempDir
    Path temp;

    /** Hands out its readings in order; an exception stands for a reading that failed. */
    private static final class ScriptedMeter implements VmResourceMeter {
        private final Deque<Object> readings = new ArrayDeque<>();

        @Override
        public String source() {
            return "scripted";
        }

        @Override
        public Map<String, String> notMeasured() {
            return Map.of("netSentBytes", "not here", "cpuNanos", "named as the record names it");
        }

        @Override
        @SuppressWarnings("unchecked")
        public Map<String, VmResources> read(Collection<Vm> vms) {
            Object next = readings.removeFirst();
            if (next instanceof RuntimeException e) {
                throw e;
            }
            return (Map<String, VmResources>) next;
        }
    }

    private static VmResources cumulative(long cpuMs, long memory, long readBytes, long written) {
        return new VmResources(cpuMs * 1_000_000, memory, 10L, readBytes, 20L, written, 100L, null);
    }

    @Test
    void writesEachVmsDifferencesPerIntervalAndSkipsAReadingThatFailed() throws Exception {
        Vm db = new Vm("tile1-db", "run", 1, "dvdstore-db", "host-0", "app");
        Vm web = new Vm("tile1-web", "run", 1, "dvdstore-web", "host-0", "app");
        ScriptedMeter meter = new ScriptedMeter();
        meter.readings.add(Map.of("tile1-db", cumulative(1000, 50, 0, 0)));          // at start: the web VM not read
        meter.readings.add(Map.of("tile1-db", cumulative(3500, 60, 8192, 4096), "tile1-web", cumulative(700, 30, 0, 512)));
        meter.readings.add(new IllegalStateException("host gone"));
        meter.readings.add(Map.of("tile1-db", cumulative(4500, 70, 16384, 4096), "tile1-web", cumulative(900, 31, 0, 1024)));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path dir = temp.resolve("bundle");
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            VmProfiler.Sampling sampling = VmProfiler.of(Optional.of(meter), bundle, new PrintStream(console, true, StandardCharsets.UTF_8))
                    .start(List.of(deployed(db), deployed(web)));
            Instant origin = Instant.parse("2026-11-28T00:00:00Z");
            for (int i = 1; i <= 3; i++) {
                MeasurementPlan.Slot slot = new MeasurementPlan.Slot(i, i == 1 ? 0 : 1, Duration.ofSeconds(10L * (i - 1)),
                        Duration.ofSeconds(10L * i));
                sampling.interval(slot, origin.plus(slot.start()), origin.plus(slot.end()));
            }
        }
        List<VmProfileLine> lines = BundleReader.of(dir).vmProfile().orElseThrow().values();
        assertThat(lines).extracting(VmProfileLine::interval, VmProfileLine::vm, VmProfileLine::cpuSeconds, VmProfileLine::memoryBytes,
                        VmProfileLine::diskReadBytes, VmProfileLine::diskWriteBytes)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1, "tile1-db", 2.5, 60L, 8192L, 4096L),
                        // first read at the boundary: counted from zero
                        org.assertj.core.groups.Tuple.tuple(1, "tile1-web", 0.7, 30L, 0L, 512L),
                        // interval 2 failed to read: interval 3 holds the difference since the last reading
                        org.assertj.core.groups.Tuple.tuple(3, "tile1-db", 1.0, 70L, 8192L, 0L),
                        org.assertj.core.groups.Tuple.tuple(3, "tile1-web", 0.2, 31L, 0L, 512L));
        assertThat(lines.getFirst().stage()).isEqualTo("warmup");
        assertThat(lines.getFirst().role()).isEqualTo("dvdstore-db");
        assertThat(lines.getFirst().netSentBytes()).isNull();
        assertThat(lines.getFirst().notMeasured()).containsEntry("netSentBytes", "not here")
                .containsEntry("cpuSeconds", "named as the record names it");
        assertThat(lines.getFirst().source()).isEqualTo("scripted");
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("could not be read (host gone)");
        assertThat(VmProfileTotals.byPhase(lines)).extracting(VmProfileTotals.Phase::vm, VmProfileTotals.Phase::diskReadBytes)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("tile1-db", 8192L), org.assertj.core.groups.Tuple.tuple("tile1-web", 0L));

        // Read as the reports read it, line by line without keeping the lines: the same totals, first line and bad lines.
        java.nio.file.Files.writeString(dir.resolve(BundleLayout.VM_PROFILE), "{\"version\":1, cut short\n",
                java.nio.file.StandardOpenOption.APPEND);
        VmProfileTotals.Read read = BundleReader.of(dir).vmProfileTotals().orElseThrow();
        assertThat(read.phases()).isEqualTo(VmProfileTotals.byPhase(lines));
        assertThat(read.first()).contains(lines.getFirst());
        assertThat(read.bad()).singleElement().satisfies(bad -> assertThat(bad.number()).isEqualTo(lines.size() + 1));
    }

    /**
     * On a search's load path the VMs change as tiles join and leave: a joining VM's first reading is its baseline (no
     * line counting what it used since it booted), and a VM that left is no longer read.
     */
    @Test
    void followsTheVmsAsTilesJoinAndLeaveAndReadsAJoinersBaselineFirst() throws Exception {
        Vm one = new Vm("tile1-db", "run", 1, "dvdstore-db", "host-0", "app");
        Vm two = new Vm("tile2-db", "run", 2, "dvdstore-db", "host-1", "app");
        ScriptedMeter meter = new ScriptedMeter();
        meter.readings.add(Map.of("tile1-db", cumulative(90_000, 50, 0, 0)));    // interval 1: tile 1 joined, its baseline
        meter.readings.add(Map.of("tile1-db", cumulative(91_000, 50, 0, 0), "tile2-db", cumulative(60_000, 40, 0, 0)));
        meter.readings.add(Map.of("tile1-db", cumulative(93_000, 50, 0, 0), "tile2-db", cumulative(60_500, 40, 0, 0)));
        meter.readings.add(Map.of("tile1-db", cumulative(94_000, 50, 0, 0)));
        List<Vm> running = new java.util.ArrayList<>();
        Path dir = temp.resolve("path");
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            VmProfiler.Sampling sampling = VmProfiler.of(Optional.of(meter), bundle, new PrintStream(new ByteArrayOutputStream(), true,
                    StandardCharsets.UTF_8)).following(() -> running);
            Instant origin = Instant.parse("2026-11-29T00:00:00Z");
            for (int i = 1; i <= 4; i++) {
                switch (i) {
                    case 1 -> running.add(one);
                    case 2 -> running.add(two);
                    case 4 -> running.remove(two);
                    default -> { }
                }
                MeasurementPlan.Slot slot = new MeasurementPlan.Slot(i, 1, Duration.ofSeconds(10L * (i - 1)), Duration.ofSeconds(10L * i));
                sampling.interval(slot, origin.plus(slot.start()), origin.plus(slot.end()));
            }
        }
        assertThat(BundleReader.of(dir).vmProfile().orElseThrow().values())
                .extracting(VmProfileLine::interval, VmProfileLine::vm, VmProfileLine::cpuSeconds)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(2, "tile1-db", 1.0),
                        org.assertj.core.groups.Tuple.tuple(3, "tile1-db", 2.0),
                        org.assertj.core.groups.Tuple.tuple(3, "tile2-db", 0.5),
                        org.assertj.core.groups.Tuple.tuple(4, "tile1-db", 1.0));
    }

    @Test
    void aPlatformWithoutAMeterWritesNoFile() throws Exception {
        Path dir = temp.resolve("bundle");
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            VmProfiler.NONE.start(List.of(deployed(new Vm("tile1-db", "run", 1, "dvdstore-db", "host-0", "app"))))
                    .interval(new MeasurementPlan.Slot(1, 1, Duration.ZERO, Duration.ofSeconds(10)), Instant.EPOCH, Instant.EPOCH);
        }
        assertThat(BundleReader.of(dir).vmProfile()).isEmpty();
    }

    private static TileProvisioner.DeployedVm deployed(Vm vm) {
        return new TileProvisioner.DeployedVm(new VmRequest(vm.name(), vm.role(), Map.of(), Map.of(), Map.of()), vm, Map.of());
    }
}
