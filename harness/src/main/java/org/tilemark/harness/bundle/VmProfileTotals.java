package org.tilemark.harness.bundle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * vm-profile.jsonl added up per measured phase and VM: the report's resource profile, the search report's CPU by VM
 * role and compare's per-role figures all come from here. Counters are summed over the phase's intervals; memory is
 * the mean of the intervals' readings. A counter the platform did not measure stays null. Lines are added one at a
 * time ({@link Sum}), so a file of a long run on a large cluster (hundreds of thousands of lines) is never held whole.
 */
public final class VmProfileTotals {

    private VmProfileTotals() {
    }

    /** One VM over one measured phase. */
    public record Phase(int phase, int tile, String role, String vm, double seconds, Double cpuSeconds, Long memoryBytes,
                        Long diskReadOps, Long diskReadBytes, Long diskWriteOps, Long diskWriteBytes,
                        Long netReceivedBytes, Long netSentBytes) {

        /** {@code total} per second of the phase; null when not measured. */
        public Double perSecond(Long total) {
            return total == null || seconds <= 0 ? null : total / seconds;
        }
    }

    /**
     * A bundle's vm-profile.jsonl as read for its totals ({@link BundleReader#vmProfileTotals()}): the totals, its
     * first line (what measured and what it could not), and the lines it skipped as bad.
     */
    public record Read(List<Phase> phases, Optional<VmProfileLine> first, List<BundleReader.BadLine> bad) {
        public Read {
            phases = List.copyOf(phases);
            bad = List.copyOf(bad);
        }
    }

    /** Per measured phase and VM, in phase, tile and role order; warm-up lines are left out. */
    public static List<Phase> byPhase(List<VmProfileLine> lines) {
        Sum sum = new Sum();
        lines.forEach(sum::add);
        return sum.phases();
    }

    /** The totals so far of the lines added, one VM and phase at a time. */
    public static final class Sum {

        private final Map<String, Running> groups = new LinkedHashMap<>();
        private VmProfileLine first;

        /** Adds a line to its phase and VM; a warm-up line counts in no phase. */
        public void add(VmProfileLine line) {
            if (first == null) {
                first = line;
            }
            if (!line.warmup() && line.phase() >= 1) {
                groups.computeIfAbsent(line.phase() + "/" + line.vm(), k -> new Running(line)).add(line);
            }
        }

        /** The first line added, warm-up or not: what the profile measured and what it could not. */
        public Optional<VmProfileLine> first() {
            return Optional.ofNullable(first);
        }

        /** Per measured phase and VM, in phase, tile and role order. */
        public List<Phase> phases() {
            List<Phase> phases = new ArrayList<>();
            groups.values().forEach(group -> phases.add(group.total()));
            phases.sort(Comparator.comparingInt(Phase::phase).thenComparingInt(Phase::tile).thenComparing(Phase::role)
                    .thenComparing(Phase::vm));
            return phases;
        }
    }

    /** One VM's sums over one phase's lines so far. */
    private static final class Running {
        private final int phase;
        private final int tile;
        private final String role;
        private final String vm;
        private long millis;
        private Double cpu;
        private long memorySum;
        private int memoryCount;
        private final Long[] counters = new Long[6];

        Running(VmProfileLine first) {
            this.phase = first.phase();
            this.tile = first.tile();
            this.role = first.role();
            this.vm = first.vm();
        }

        void add(VmProfileLine line) {
            millis += line.durationMs();
            if (line.cpuSeconds() != null) {
                cpu = (cpu == null ? 0 : cpu) + line.cpuSeconds();
            }
            if (line.memoryBytes() != null) {
                memorySum += line.memoryBytes();
                memoryCount++;
            }
            Long[] values = {line.diskReadOps(), line.diskReadBytes(), line.diskWriteOps(), line.diskWriteBytes(),
                    line.netReceivedBytes(), line.netSentBytes()};
            for (int i = 0; i < values.length; i++) {
                if (values[i] != null) {
                    counters[i] = (counters[i] == null ? 0 : counters[i]) + values[i];
                }
            }
        }

        Phase total() {
            return new Phase(phase, tile, role, vm, millis / 1000.0, cpu == null ? null : Measured.round(cpu),
                    memoryCount == 0 ? null : memorySum / memoryCount,
                    counters[0], counters[1], counters[2], counters[3], counters[4], counters[5]);
        }
    }
}
