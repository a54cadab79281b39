package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** A VM's power as vCenter changes it: its state, a power-off that asks the guest first, and removal. */
final class VmPower {


    private final Vim vim;

    VmPower(Vim vim) {
        this.vim = vim;
    }

    boolean isOn(Mor vm) throws VimFault, IOException {
        return vim.one(vm, List.of("runtime.powerState")).text("runtime.powerState").orElse("").equals("poweredOn");
    }

    /** Powers the VM off if it is on: the guest OS asked to shut down first, given {@code grace} to do so. */
    void off(Mor vm, Duration grace) throws VimFault, IOException {
        if (isOn(vm) && !shutDownByGuest(vm, grace)) {
            vim.runTask(Vim.TASK_TIMEOUT, "PowerOffVM_Task", vm);
        }
    }

    /** Powers the VM off at once (no guest to wait for) and destroys it with its disks. */
    void remove(Mor vm) throws VimFault, IOException {
        off(vm, Duration.ZERO);
        vim.runTask(Vim.TASK_TIMEOUT, "Destroy_Task", vm);
    }

    /**
     * Asks the guest OS to shut down (through VMware Tools) and waits up to {@code grace} for the VM to
     * power off; false when there is no grace, the guest cannot be asked (no Tools) or it took longer —
     * then the caller powers it off.
     */
    private boolean shutDownByGuest(Mor vm, Duration grace) throws VimFault, IOException {
        if (grace.isZero() || grace.isNegative()) {
            return false;
        }
        try {
            vim.call("ShutdownGuest", vm);
        } catch (VimFault refused) {
            return false; // ToolsUnavailable and the like: a hard power-off it is
        }
        Instant deadline = Instant.now().plus(grace);
        while (Instant.now().isBefore(deadline)) {
            if (!isOn(vm)) {
                return true;
            }
            Vim.sleep(Duration.ofMillis(250));
        }
        return !isOn(vm);
    }
}
