package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.tilemark.infra.platform.VmListener;

/**
 * Reports VMs that vCenter shows powered off while Tilemark counts them running (powered off in the
 * vSphere client, by HA, or a guest that halted). It reads the power state of running VMs every
 * {@link #PERIOD}; the event stream is a later stage.
 */
final class PowerWatch implements AutoCloseable {

    private static final Duration PERIOD = Duration.ofSeconds(2);

    private final Vim vim;
    private final Collection<VsphereVm> vms;
    private final List<VmListener> listeners = new CopyOnWriteArrayList<>();
    private Thread thread;

    PowerWatch(Vim vim, Collection<VsphereVm> vms) {
        this.vim = vim;
        this.vms = vms;
    }

    synchronized void add(VmListener listener) {
        listeners.add(listener);
        if (thread == null) {
            thread = Thread.ofPlatform().daemon().name("vsphere-power-watch").start(this::watch);
        }
    }

    private void watch() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                Vim.sleep(PERIOD);
                for (VsphereVm vm : vms) {
                    if (vm.running && !poweredOn(vm)) {
                        vm.running = false;
                        listeners.forEach(listener -> listener.stoppedUnexpectedly(vm.vm,
                                "vCenter reports VM " + VsphereVm.vcenterName(vm.vm) + " powered off, not by Tilemark"));
                    }
                }
            } catch (IOException e) {
                return; // interrupted: the platform is closing
            }
        }
    }

    private boolean poweredOn(VsphereVm vm) {
        try {
            String state = vim.one(vm.mor, List.of("runtime.powerState")).text("runtime.powerState").orElse("");
            // Read again after the answer: powerOff may have begun while the question was on its way.
            return state.equals("poweredOn") || !vm.running;
        } catch (VimFault | IOException e) {
            return true; // a VM that cannot be read now is not reported stopped on that alone
        }
    }

    @Override
    public synchronized void close() {
        if (thread != null) {
            thread.interrupt();
        }
    }
}
