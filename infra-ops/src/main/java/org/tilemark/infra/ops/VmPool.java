package org.tilemark.infra.ops;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tilemark.infra.platform.Vm;

/**
 * The tile VMs the operations may work on. A VM is lent to one operation at a time; each loop walks
 * its own round robin: for each tile in turn, each configured role in turn.
 */
public final class VmPool {

    private final List<Vm> vms;
    private final Set<String> busy = new HashSet<>();

    public VmPool(List<Vm> vms) {
        this.vms = List.copyOf(vms);
    }

    /** One loop's walk over the VMs of {@code roles}, in round-robin order. */
    public Cursor cursor(List<String> roles) {
        List<Vm> order = new ArrayList<>();
        vms.stream().filter(vm -> roles.contains(vm.role()))
                .sorted(Comparator.comparingInt(Vm::tile).thenComparingInt(vm -> roles.indexOf(vm.role())).thenComparing(Vm::name))
                .forEach(order::add);
        return new Cursor(order);
    }

    /** Where one loop is in its round robin. */
    public final class Cursor {
        private final List<Vm> order;
        private int next;

        private Cursor(List<Vm> order) {
            this.order = order;
        }

        public void release(Vm vm) {
            VmPool.this.release(vm);
        }

        public boolean isEmpty() {
            return order.isEmpty();
        }

        /** Lends the next free VM in round-robin order; empty if all are busy. */
        public Optional<Vm> claim() {
            synchronized (VmPool.this) {
                for (int i = 0; i < order.size(); i++) {
                    Vm candidate = order.get((next + i) % order.size());
                    if (busy.add(candidate.name())) {
                        next = (next + i + 1) % order.size();
                        return Optional.of(candidate);
                    }
                }
                return Optional.empty();
            }
        }
    }

    public void release(Vm vm) {
        synchronized (this) {
            busy.remove(vm.name());
        }
    }
}
