package org.tilemark.tests.platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.tilemark.infra.platform.Vm;

/** The processes of a local guest, found by the VM and run names its command line carries. */
public final class GuestProcesses {

    private GuestProcesses() {
    }

    /** Kills the VM's guest with SIGKILL, as an out-of-memory killer or a user would; returns how many went. */
    public static int kill(Vm vm) {
        List<ProcessHandle> guests = ProcessHandle.allProcesses().filter(p -> {
            String cmd = commandLine(p);
            return cmd.contains("-Dtilemark.vm=" + vm.name() + " ") && cmd.contains("-Dtilemark.run=" + vm.runId() + " ");
        }).toList();
        if (guests.isEmpty()) {
            throw new AssertionError("no guest process of " + vm.name() + " found");
        }
        guests.forEach(ProcessHandle::destroyForcibly);
        return guests.size();
    }

    private static String commandLine(ProcessHandle process) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline")),
                    StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException | SecurityException e) {
            return ""; // ended meanwhile, or not ours to read
        }
    }
}
