package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Signals and CPU affinity for every process of a VM: the guest, what it started (a database
 * server, found by its command line naming the VM directory) and all their descendants (the
 * database's backends, whose command lines do not).
 */
final class GuestSignals {

    private GuestSignals() {
    }

    static List<Long> processTree(Path vmDirectory) {
        Set<Long> pids = new LinkedHashSet<>();
        for (ProcessHandle p : ProcessSweeper.find(vmDirectory)) {
            pids.add(p.pid());
            p.descendants().forEach(d -> pids.add(d.pid()));
        }
        return new ArrayList<>(pids);
    }

    /**
     * Pauses the processes, as a hypervisor stuns a VM. Fails when there is nothing to stop (the guest
     * is gone) or a guest process could not be stopped; a descendant that exited meanwhile (a database
     * backend) needs no stopping.
     */
    static void stop(String vm, List<Long> guests, List<Long> pids) throws IOException {
        if (pids.isEmpty() || guests.isEmpty()) {
            throw new IOException("stun of " + vm + " failed: no process of the guest to stop (the guest is gone)");
        }
        List<String> command = new ArrayList<>(List.of("/bin/kill", "-STOP"));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        if (run(command, true) != 0) {
            for (long guest : guests) {
                if (ProcessHandle.of(guest).map(ProcessHandle::isAlive).orElse(false)) {
                    continue;
                }
                signal("-CONT", pids); // what was stopped runs on: the migration is abandoned
                throw new IOException("stun of " + vm + " failed: kill -STOP found no guest process " + guest
                        + " (the guest is gone)");
            }
        }
    }

    /** The VM's own processes (the guest and the servers it started), without their descendants. */
    static List<Long> guests(Path vmDirectory) {
        return ProcessSweeper.find(vmDirectory).stream().map(ProcessHandle::pid).toList();
    }

    static void resume(List<Long> pids) throws IOException {
        signal("-CONT", pids);
    }

    /**
     * Moves every thread of every process onto {@code cpus} (taskset syntax). One shell runs taskset for
     * each process: this happens while the guest is stunned, and a process start from the JVM costs
     * more than taskset itself (for 20 processes 40 ms against 18 on an idle machine; a `dvdstore-db`
     * vMotion's stun fell from 210 to 94 ms in a quick run, docs/infrastructure.md).
     */
    static void pin(List<Long> pids, String cpus) throws IOException {
        if (pids.isEmpty()) {
            return;
        }
        // A process may exit meanwhile (a database backend); that is no failure of the move.
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c",
                "cpus=$1; shift; for pid; do /usr/bin/taskset -a -p -c \"$cpus\" \"$pid\" || true; done", "pin", cpus));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        run(command, true);
    }

    private static void signal(String signal, List<Long> pids) throws IOException {
        if (pids.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("/bin/kill", signal));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        run(command, true);
    }

    private static int run(List<String> command, boolean tolerateExit) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            int exit = process.waitFor();
            if (exit != 0 && !tolerateExit) {
                throw new IOException(String.join(" ", command) + " exited " + exit);
            }
            return exit;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", command) + " was interrupted", e);
        }
    }
}
