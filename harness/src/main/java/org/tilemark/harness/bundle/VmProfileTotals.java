package org.tilemark.harness.bundle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * vm-profile.jsonl added up per measured phase and VM: the report's resource profile and compare's per-role
 * figures both come from here. Counters are summed over the phase's intervals; memory is the mean of the
 * intervals' readings. A counter the platform did not measure stays null.
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

    /** Per measured phase and VM, in phase, tile and role order; warm-up lines are left out. */
    public static List<Phase> byPhase(List<VmProfileLine> lines) {
        Map<String, List<VmProfileLine>> groups = new LinkedHashMap<>();
        for (VmProfileLine line : lines) {
            if (!line.warmup() && line.phase() >= 1) {
                groups.computeIfAbsent(line.phase() + "/" + line.vm(), k -> new ArrayList<>()).add(line);
            }
        }
        List<Phase> phases = new ArrayList<>();
        for (List<VmProfileLine> group : groups.values()) {
            VmProfileLine first = group.getFirst();
            long millis = 0;
            Double cpu = null;
            long memorySum = 0;
            int memoryCount = 0;
            Long[] counters = new Long[6];
            for (VmProfileLine line : group) {
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
            phases.add(new Phase(first.phase(), first.tile(), first.role(), first.vm(), millis / 1000.0,
                    cpu == null ? null : Measured.round(cpu), memoryCount == 0 ? null : memorySum / memoryCount,
                    counters[0], counters[1], counters[2], counters[3], counters[4], counters[5]));
        }
        phases.sort(Comparator.comparingInt(Phase::phase).thenComparingInt(Phase::tile).thenComparing(Phase::role)
                .thenComparing(Phase::vm));
        return phases;
    }
}
