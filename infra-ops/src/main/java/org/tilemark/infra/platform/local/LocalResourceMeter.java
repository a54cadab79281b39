package org.tilemark.infra.platform.local;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.tilemark.infra.platform.CarriedCounters;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmResourceMeter;
import org.tilemark.infra.platform.VmResources;

/**
 * The local platform's measure of a VM: its processes as the host OS counts them. A VM's processes are those whose
 * command line names its directory (the guest JVM, PostgreSQL's postmaster, Postfix's master and Dovecot) and all
 * their descendants; each such tree is one part of the VM's counters, so a guest restarted by an infrastructure
 * operation carries on from the totals of the one before. Network bytes are those through the VM's endpoints.
 */
final class LocalResourceMeter implements VmResourceMeter {

    private final Function<String, Optional<LocalVm>> vms;
    private final CarriedCounters carried = new CarriedCounters();

    LocalResourceMeter(Function<String, Optional<LocalVm>> vms) {
        this.vms = vms;
    }

    @Override
    public String source() {
        return "local: /proc of each VM's processes (CPU, PSS, storage-layer bytes), bytes through its endpoints";
    }

    @Override
    public Map<String, String> notMeasured() {
        String ops = "Linux counts a process's read and write calls, not the requests that reach a disk, and a local VM's cgroup "
                + "is a memory one, which counts no I/O requests";
        return Map.of("diskReadOps", ops, "diskWriteOps", ops);
    }

    @Override
    public Map<String, VmResources> read(Collection<Vm> wanted) {
        Map<String, VmResources> read = new LinkedHashMap<>();
        Map<String, LocalVm> running = new LinkedHashMap<>();
        for (Vm vm : wanted) {
            vms.apply(vm.name()).filter(local -> local.process().isPresent()).ifPresent(local -> running.put(vm.name(), local));
        }
        if (running.isEmpty()) {
            return read;
        }
        ProcessTable table = ProcessTable.read(); // once for every VM: see ProcessTable
        running.forEach((name, local) -> {
            Map<String, VmResources> parts = parts(local, table);
            if (!parts.isEmpty()) {
                read.put(name, carried.total(name, parts));
            }
        });
        return read;
    }

    /** One part per tree of the VM's processes, named by its root's pid and start time. */
    private static Map<String, VmResources> parts(LocalVm vm, ProcessTable table) {
        Map<Long, Set<Long>> trees = new HashMap<>();
        for (ProcessHandle root : table.mentioning(vm.guestDir().path())) {
            trees.put(root.pid(), table.tree(root.pid()));
        }
        // A tagged process inside another's tree (Postfix's master under the guest) is counted with that tree.
        trees.keySet().removeIf(pid -> trees.entrySet().stream().anyMatch(t -> t.getKey() != pid && t.getValue().contains(pid)));
        Map<String, VmResources> parts = new HashMap<>();
        EndpointTraffic traffic = EndpointTraffic.of(vm);
        for (Map.Entry<Long, Set<Long>> tree : trees.entrySet()) {
            Optional<ProcessCounters> root = ProcessCounters.read(tree.getKey());
            if (root.isEmpty()) {
                continue;
            }
            long cpu = 0;
            long read = 0;
            long written = 0;
            long memory = 0;
            for (long pid : tree.getValue()) {
                Optional<ProcessCounters> p = pid == tree.getKey() ? root : ProcessCounters.read(pid);
                if (p.isPresent()) {
                    cpu += p.get().cpuNanos();
                    read += p.get().readBytes();
                    written += p.get().writeBytes();
                    memory += p.get().memoryBytes();
                }
            }
            parts.put(tree.getKey() + "@" + root.get().startTicks(), new VmResources(cpu, memory, null, read, null, written, null, null));
        }
        if (!parts.isEmpty()) {
            parts.put("endpoints", new VmResources(null, null, null, null, null, null, traffic.received(), traffic.sent()));
        }
        return parts;
    }
}
