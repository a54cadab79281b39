package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** A VM's power as vCenter reports it, and a power-off the guest is asked to make first. */
final class Power {

    private Power() {
    }

    static boolean isOn(Vim vim, Mor vm) throws VimFault, IOException {
        return vim.one(vm, List.of("runtime.powerState")).text("runtime.powerState").orElse("").equals("poweredOn");
    }

    /**
     * Asks the guest OS to shut down (through VMware Tools) and waits up to {@code grace} for the VM to
     * power off; false when there is no grace, the guest cannot be asked (no Tools) or it took longer —
     * then the caller powers it off.
     */
    static boolean shutDownByGuest(Vim vim, Mor vm, Duration grace) throws VimFault, IOException {
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
            if (!isOn(vim, vm)) {
                return true;
            }
            Vim.sleep(Duration.ofMillis(250));
        }
        return !isOn(vim, vm);
    }
}
