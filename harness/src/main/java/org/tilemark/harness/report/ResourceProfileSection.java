package org.tilemark.harness.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.VmProfileLine;
import org.tilemark.harness.bundle.VmProfileTotals;
import org.tilemark.scoring.OperationStats;

/**
 * The tile's resource profile: what each VM did per measured phase as the platform measured it (vm-profile.jsonl),
 * per role and per tile, and per unit of work where a workload's count gives one (the mail VM's disk writes per
 * message the server accepted, the DVD Store database's disk reads per order). "What does one tile do to my array?"
 */
final class ResourceProfileSection {

    /** Work counts to divide a role's disk bytes by: role, workload, the operation counted, and what it is called. */
    private record PerUnit(String role, String workload, String operation, String unit, boolean reads) {
    }

    private static final List<PerUnit> PER_UNIT = List.of(
            new PerUnit("mail", "mail", "send", "message accepted by SMTP", false),
            new PerUnit("dvdstore-db", "dvdstore", "order", "order", true),
            new PerUnit("dvdstore-db", "dvdstore", "order", "order", false));

    private ResourceProfileSection() {
    }

    static void render(Html html, BundleContents contents) {
        html.heading(2, "Resource profile (what each VM did, as the platform measured it)");
        Optional<VmProfileTotals.Read> read;
        try {
            read = BundleReader.of(contents.directory()).vmProfileTotals();
        } catch (IOException e) {
            html.element("p", "warning", BundleLayout.VM_PROFILE + " could not be read: " + e.getMessage());
            return;
        }
        if (read.isEmpty() || read.get().first().isEmpty()) {
            html.paragraph("Not measured: " + BundleLayout.VM_PROFILE + " is absent (the platform has no VM meter, "
                    + "or the run was written before Tilemark recorded one).");
            return;
        }
        if (!read.get().bad().isEmpty()) {
            html.element("p", "warning", read.get().bad().size() + " lines of " + BundleLayout.VM_PROFILE + " skipped");
        }
        VmProfileLine first = read.get().first().get();
        html.paragraph("Source: " + first.source() + ". Counters are summed over each measured phase; memory is the mean of "
                + "the readings at the phase's interval ends.");
        if (first.notMeasured() != null && !first.notMeasured().isEmpty()) {
            List<String> why = new ArrayList<>();
            new TreeMap<>(first.notMeasured()).forEach((field, reason) -> why.add(field + ": not measured (" + reason + ")"));
            html.list(why);
        }
        List<VmProfileTotals.Phase> phases = read.get().phases();
        List<List<Html.Cell>> rows = new ArrayList<>();
        Map<String, VmProfileTotals.Phase> tileTotals = new LinkedHashMap<>();
        for (VmProfileTotals.Phase p : phases) {
            rows.add(row(String.valueOf(p.phase()), String.valueOf(p.tile()), p.vm() + " (" + p.role() + ")", p));
            tileTotals.merge(p.phase() + "/" + p.tile(), p, ResourceProfileSection::sum);
        }
        for (VmProfileTotals.Phase t : tileTotals.values()) {
            rows.add(row(String.valueOf(t.phase()), String.valueOf(t.tile()), "all VMs of the tile", t));
        }
        html.table(List.of("Phase", "Tile", "VM (role)", "CPU s", "Memory", "Disk read ops", "Disk read", "Disk write ops", "Disk written",
                "Net received", "Net sent"), rows);
        perUnit(html, phases, contents.intervals());
    }

    private static List<Html.Cell> row(String phase, String tile, String role, VmProfileTotals.Phase p) {
        return List.of(Html.Cell.of(phase), Html.Cell.of(tile), Html.Cell.of(role),
                Html.Cell.numeric(p.cpuSeconds() == null ? "—" : Fmt.fixed(p.cpuSeconds(), 1)), bytes(p.memoryBytes()),
                count(p.diskReadOps()), bytes(p.diskReadBytes()), count(p.diskWriteOps()), bytes(p.diskWriteBytes()),
                bytes(p.netReceivedBytes()), bytes(p.netSentBytes()));
    }

    private static void perUnit(Html html, List<VmProfileTotals.Phase> phases, List<IntervalLine> intervals) {
        List<String> items = new ArrayList<>();
        for (PerUnit unit : PER_UNIT) {
            for (VmProfileTotals.Phase p : phases) {
                Long bytes = unit.reads() ? p.diskReadBytes() : p.diskWriteBytes();
                if (!p.role().equals(unit.role()) || bytes == null) {
                    continue;
                }
                long work = intervals.stream().filter(i -> !i.warmup() && i.phase() == p.phase() && i.tile() == p.tile()
                                && unit.workload().equals(i.workload()))
                        .map(i -> i.measured().operations().get(unit.operation())).filter(java.util.Objects::nonNull)
                        .mapToLong(OperationStats::count).sum();
                if (work > 0) {
                    items.add("phase " + p.phase() + ", tile " + p.tile() + ": " + p.role() + " " + (unit.reads() ? "read " : "wrote ")
                            + ByteUnits.format(bytes / work) + (unit.reads() ? " from" : " to") + " its disk per " + unit.unit() + " (" + ByteUnits.format(bytes)
                            + " over " + work + ")");
                }
            }
        }
        if (!items.isEmpty()) {
            html.paragraph("Per unit of work:");
            html.list(items);
        }
    }

    private static VmProfileTotals.Phase sum(VmProfileTotals.Phase a, VmProfileTotals.Phase b) {
        Function<Function<VmProfileTotals.Phase, Long>, Long> add = f -> plus(f.apply(a), f.apply(b));
        Double cpu = a.cpuSeconds() == null ? b.cpuSeconds() : b.cpuSeconds() == null ? a.cpuSeconds()
                : Double.valueOf(a.cpuSeconds() + b.cpuSeconds());
        return new VmProfileTotals.Phase(a.phase(), a.tile(), "", "", Math.max(a.seconds(), b.seconds()), cpu,
                add.apply(VmProfileTotals.Phase::memoryBytes), add.apply(VmProfileTotals.Phase::diskReadOps),
                add.apply(VmProfileTotals.Phase::diskReadBytes), add.apply(VmProfileTotals.Phase::diskWriteOps),
                add.apply(VmProfileTotals.Phase::diskWriteBytes), add.apply(VmProfileTotals.Phase::netReceivedBytes),
                add.apply(VmProfileTotals.Phase::netSentBytes));
    }

    /** Null (not measured) only when neither is measured; boxed on purpose, so a null is never unboxed. */
    private static Long plus(Long a, Long b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : Long.valueOf(a + b);
    }

    private static Html.Cell bytes(Long value) {
        return Html.Cell.numeric(value == null ? "—" : ByteUnits.format(value));
    }

    private static Html.Cell count(Long value) {
        return Html.Cell.numeric(value == null ? "—" : Fmt.integer(value));
    }
}
