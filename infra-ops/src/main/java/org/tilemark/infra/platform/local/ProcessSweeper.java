package org.tilemark.infra.platform.local;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds and stops every process that belongs to a VM directory. A VM's processes all name its
 * directory on their command line (the guest JVM's {@code --vm-dir}, PostgreSQL's {@code -D}), and
 * some of them are not the guest's children (pg_ctl daemonizes the postmaster), so the command line
 * is the one reliable tag after a crash.
 */
final class ProcessSweeper {

    private static final Duration KILLED_EXIT = Duration.ofSeconds(10);

    private ProcessSweeper() {
    }

    static List<ProcessHandle> find(Path vmDirectory) {
        return ProcessTable.read().mentioning(vmDirectory);
    }

    /** Kills at once (SIGKILL), with every descendant, as a VM that crashed takes everything in it down with it. */
    static int kill(List<ProcessHandle> processes) {
        return killed(processes).size();
    }

    /**
     * Kills at once (SIGKILL) the processes of a VM directory and {@code guest}, with every descendant, and returns
     * once they are gone ({@link #KILLED_EXIT} at most): a hard power-off, nothing flushed or shut down in order.
     */
    static int killAndAwait(Path vmDirectory, Optional<ProcessHandle> guest) {
        List<ProcessHandle> found = new ArrayList<>(find(vmDirectory));
        guest.filter(p -> !found.contains(p)).ifPresent(found::add);
        List<ProcessHandle> all = killed(found);
        awaitExit(all, Instant.now().plus(KILLED_EXIT));
        return all.size();
    }

    /**
     * Asks politely (SIGTERM), then forces (SIGKILL) what is still alive after {@code grace}, and returns once
     * they are gone: a killed process still has to be scheduled to exit, which on a busy machine (or at a
     * low priority) takes a moment; {@link #KILLED_EXIT} at most.
     */
    static int stop(List<ProcessHandle> processes, Duration grace) {
        List<ProcessHandle> all = withDescendants(processes);
        processes.forEach(ProcessHandle::destroy);
        awaitExit(all, Instant.now().plus(grace));
        all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        awaitExit(all, Instant.now().plus(KILLED_EXIT));
        return processes.size();
    }

    /** The processes and their descendants, each sent SIGKILL. */
    private static List<ProcessHandle> killed(List<ProcessHandle> processes) {
        List<ProcessHandle> all = withDescendants(processes);
        all.forEach(ProcessHandle::destroyForcibly);
        return all;
    }

    /**
     * The processes and their descendants, listed before any is signalled. A descendant need not name the VM's
     * directory (PostgreSQL's children rename themselves, "postgres: checkpointer"), and once its parent is killed
     * it is reparented and no one's: on a slow array a checkpointer outlived its killed postmaster by 20 minutes,
     * holding the datastore's mount.
     */
    private static List<ProcessHandle> withDescendants(List<ProcessHandle> processes) {
        return processes.stream().flatMap(p -> Stream.concat(Stream.of(p), p.descendants())).distinct().toList();
    }

    private static void awaitExit(List<ProcessHandle> processes, Instant deadline) {
        for (ProcessHandle p : processes) {
            while (p.isAlive() && Instant.now().isBefore(deadline)) {
                sleep(50);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
