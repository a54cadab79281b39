package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.tilemark.infra.platform.Migration;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Vm;

/**
 * vMotion, Storage vMotion and XvMotion on the local platform.
 *
 * <p>A host change alone is a live migration: the guest's configured memory is pre-copied in paced,
 * accounted rounds ({@link MemoryPrecopy}: no bytes are copied), the guest's processes are stunned (SIGSTOP) for the last round and
 * the switch of CPU affinity to the target slot, then resumed: no restart. A datastore change copies
 * the VM's directory to the target datastore while the guest runs, and accounts the rest of the VM's
 * configured disk size at the storage migration bandwidth ({@link ModelledDisk}). A guest that writes nothing to its
 * disk then keeps running, as a hypervisor's does: its console follows it by a hard link, and for
 * XvMotion its memory goes over as a vMotion's; where the link cannot be made (another file system) it
 * is started from the copy before the original stops. A guest that keeps state on its disk cannot keep
 * running while its files change place: new connections are held at the endpoint, the guest shuts
 * down cleanly (a database flushes its log: no committed data is lost), what changed is copied and
 * the guest starts from the target (on the target host, for XvMotion); its downtime is measured and
 * reported. On any failure the half-made copy is deleted and the guest runs from its source again.
 */
final class LocalMigrations {

    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(30);
    private static final Duration RESTART_TIMEOUT = Duration.ofMinutes(2);
    /** The longest a switch-over waits for the original guest to answer the requests it has. */
    private static final Duration DRAIN_LIMIT = Duration.ofSeconds(30);
    private static final System.Logger LOG = System.getLogger(LocalMigrations.class.getName());

    /** Starting and stopping a guest, as the platform does it. */
    interface Guests {
        void start(LocalVm vm, Duration timeout) throws PlatformException;

        void stop(LocalVm vm, Duration grace);
    }

    private final LocalSettings settings;
    private final List<Host> hosts;
    private final VmRegistry registry;
    private final boolean pinning;
    private final Guests guests;
    private final MemoryPrecopy precopy;
    private final ModelledDisk disk;

    LocalMigrations(LocalSettings settings, List<Host> hosts, VmRegistry registry, boolean pinning, Guests guests) {
        this.settings = settings;
        this.hosts = hosts;
        this.registry = registry;
        this.pinning = pinning;
        this.guests = guests;
        this.precopy = new MemoryPrecopy(settings.memoryDirtyMBps(), settings.vmotionNetworkGbps());
        this.disk = new ModelledDisk(settings.storageMigrationMBps());
    }

    Migration migrate(LocalVm local, Placement target) throws PlatformException {
        Vm vm = local.vm();
        Placement from = local.placement();
        Host host = hosts.stream().filter(h -> h.name().equals(target.host())).findFirst()
                .orElseThrow(() -> new PlatformException("migrating VM " + vm.name() + ": unknown host '" + target.host() + "'"));
        if (!settings.datastores().containsKey(target.datastore())) {
            throw new PlatformException("migrating VM " + vm.name() + ": unknown datastore '" + target.datastore() + "'");
        }
        if (from.equals(target)) {
            throw new PlatformException("migrating VM " + vm.name() + ": it already runs on " + target);
        }
        if (!local.state().equals(org.tilemark.infra.platform.VmState.RUNNING)) {
            throw new PlatformException("migrating VM " + vm.name() + ": it is " + local.state() + ", not running");
        }
        return from.datastore().equals(target.datastore()) ? live(local, host, from, target) : relocate(local, host, from, target);
    }

    private Migration live(LocalVm local, Host target, Placement from, Placement to) throws PlatformException {
        try {
            MemoryPrecopy.Result result = transferMemory(local, target);
            local.movedTo(target);
            return new Migration(from, to, result.bytesMoved(), Optional.of(result.stun()), Optional.empty(),
                    Migration.MODELLED_MEMORY);
        } catch (IOException e) {
            throw new PlatformException("vMotion of " + local.vm().name() + " to " + to.host() + " failed: " + e.getMessage(), e);
        }
    }

    /** The memory side of a host change: paced pre-copy rounds, then the guest stunned while it moves to {@code target}'s CPUs. */
    private MemoryPrecopy.Result transferMemory(LocalVm local, Host target) throws IOException {
        long memory = (long) local.spec().role().size().memoryMb() << 20;
        Path guestDir = local.guestDir().path();
        List<Long> processes = new java.util.ArrayList<>();
        return precopy.migrate(memory,
                () -> {
                    // the processes as they are at the stun, not as they were before the pre-copy
                    processes.addAll(GuestSignals.processTree(guestDir));
                    GuestSignals.stop(local.vm().name(), GuestSignals.guests(guestDir), processes);
                },
                () -> {
                    if (pinning) {
                        GuestSignals.pin(GuestSignals.processTree(guestDir), target.cpus());
                    }
                },
                () -> GuestSignals.resume(processes));
    }

    private Migration relocate(LocalVm local, Host targetHost, Placement from, Placement to) throws PlatformException {
        Vm vm = local.vm();
        VmDirectory source = local.dir();
        Host sourceHost = local.host();
        VmRegistry.Entry sourceEntry = local.entry();
        VmDirectory target = new VmDirectory(settings.datastores().get(to.datastore()).toAbsolutePath().normalize()
                .resolve(vm.runId()).resolve(vm.name()));
        // Registered before the first byte is copied, so `tilemark cleanup` finds a half-made copy
        // after a crash.
        VmRegistry.Entry copyEntry = new VmRegistry.Entry(vm.runId(), vm.name() + ".relocating", target.path());
        boolean guestStopped = false;
        long downtimeStart = 0;
        try {
            if (Files.exists(target.path())) {
                throw new IOException("target directory " + target.path() + " already exists");
            }
            registry.add(copyEntry);
            Files.createDirectories(target.path());
            long bytes = DiskSync.sync(source.path(), target.path(), true);
            bytes += disk.copyRest(local.spec().role().size().diskGb(), bytes);
            if (local.spec().role().stateless()) {
                return consoleFollows(local, target)
                        ? moveUnderRunningGuest(local, targetHost, from, to, source, target, copyEntry, bytes)
                        : switchOver(local, targetHost, from, to, source, target, copyEntry, bytes);
            }
            local.endpoints().values().forEach(EndpointProxy::hold);
            downtimeStart = System.nanoTime();
            guestStopped = true;
            guests.stop(local, SHUTDOWN_GRACE);
            bytes += DiskSync.sync(source.path(), target.path(), false);
            VmRegistry.Entry targetEntry = new VmRegistry.Entry(vm.runId(), vm.name(), target.path());
            local.movedTo(targetHost, to.datastore(), target, targetEntry);
            try {
                guests.start(local, RESTART_TIMEOUT);
            } catch (PlatformException e) {
                local.movedTo(sourceHost, from.datastore(), source, sourceEntry);
                throw e;
            }
            Duration downtime = Duration.ofNanos(System.nanoTime() - downtimeStart);
            retire(vm, to, source, copyEntry, targetEntry);
            return new Migration(from, to, bytes, Optional.empty(), Optional.of(downtime), Migration.MODELLED_DISK);
        } catch (MovedButNotCleaned e) {
            throw new MovedButNotCleaned(kind(from, to) + " of " + vm.name() + ": " + e.getMessage());
        } catch (IOException | PlatformException e) {
            String what = kind(from, to);
            String cause = e.getMessage();
            rollBack(local, target, copyEntry, guestStopped);
            throw new PlatformException(what + " of " + vm.name() + " to " + to + " failed: " + cause, e);
        }
    }

    /**
     * Whether a guest that writes nothing to its disk can keep running while its files change place: the
     * one file it still writes, its console, is open from the directory it started in, so the copy's
     * console becomes a hard link to that file (the guest's later output lands in the VM's new directory).
     * A link cannot cross file systems: a guest moved to a datastore on another one is restarted instead.
     */
    private static boolean consoleFollows(LocalVm local, VmDirectory target) {
        try {
            Files.deleteIfExists(target.console());
            // the VM's console is the file the guest writes to, wherever it started (an earlier move linked it)
            Files.createLink(target.console(), local.dir().console());
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            LOG.log(System.Logger.Level.DEBUG, "{0}: its console cannot follow it to {1} ({2}): the guest restarts there",
                    local.vm().name(), target.path(), e.getMessage());
            try {
                Files.copy(local.dir().console(), target.console(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException ignored) {
                // a console that could not be copied only loses the guest's earlier output
            }
            return false;
        }
    }

    /**
     * A Storage vMotion or XvMotion of a guest that writes nothing to its disk, as a hypervisor does it:
     * the guest keeps running while its files are copied (done by the caller) and, for a host change, its
     * memory goes over as a vMotion's does (paced, accounted, a stun for the last round); then the VM's
     * directory is the copy and the old one is deleted. The guest's processes still name the directory
     * they started from, which the platform's registry records for cleanup after a crash.
     */
    private Migration moveUnderRunningGuest(LocalVm local, Host targetHost, Placement from, Placement to, VmDirectory source,
                                            VmDirectory target, VmRegistry.Entry copyEntry, long diskBytes)
            throws PlatformException, IOException {
        Vm vm = local.vm();
        Optional<Duration> stun = Optional.empty();
        long memoryBytes = 0;
        if (!targetHost.equals(local.host())) {
            MemoryPrecopy.Result memory = transferMemory(local, targetHost);
            stun = Optional.of(memory.stun());
            memoryBytes = memory.bytesMoved();
        }
        VmRegistry.Entry targetEntry = new VmRegistry.Entry(vm.runId(), vm.name(), target.path());
        local.movedTo(targetHost, to.datastore(), target, targetEntry);
        try {
            registry.recordGuestDirectory(local);
        } catch (IOException e) {
            throw new MovedButNotCleaned(vm.name() + " runs on " + to + " but the platform's registry could not be updated: "
                    + e.getMessage());
        }
        retire(vm, to, source, copyEntry, targetEntry);
        return stun.isPresent()
                ? new Migration(from, to, diskBytes + memoryBytes, stun, Optional.empty(), Migration.MODELLED_MEMORY_AND_DISK)
                : new Migration(from, to, diskBytes, Optional.empty(), Optional.empty(), Migration.MODELLED_DISK);
    }

    /**
     * A guest that writes nothing to its disk is started from the copy first; the endpoint then
     * points at it, its clients' connections move to it between requests, and the original stops
     * once it has answered the requests it had: the service never goes away.
     */
    private Migration switchOver(LocalVm local, Host targetHost, Placement from, Placement to, VmDirectory source,
                                 VmDirectory target, VmRegistry.Entry copyEntry, long bytes) throws PlatformException, IOException {
        Vm vm = local.vm();
        Host sourceHost = local.host();
        VmRegistry.Entry sourceEntry = local.entry();
        Optional<Process> original = local.process();
        VmDirectory originalDir = local.guestDir();
        VmRegistry.Entry targetEntry = new VmRegistry.Entry(vm.runId(), vm.name(), target.path());
        local.movedTo(targetHost, to.datastore(), target, targetEntry);
        try {
            guests.start(local, RESTART_TIMEOUT);
        } catch (PlatformException e) {
            local.movedTo(sourceHost, from.datastore(), source, sourceEntry);
            original.ifPresent(p -> local.started(p, originalDir));
            local.running();
            throw e;
        }
        awaitRequestsOnTheOriginal(local);
        original.ifPresent(p -> {
            p.destroy();
            try {
                p.waitFor(SHUTDOWN_GRACE.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ProcessSweeper.stop(ProcessSweeper.find(originalDir.path()), Duration.ofSeconds(5));
        registry.recordGuestDirectory(local);
        retire(vm, to, source, copyEntry, targetEntry);
        return new Migration(from, to, bytes, Optional.empty(), Optional.of(Duration.ZERO), Migration.MODELLED_DISK);
    }

    /**
     * Connections move to the copy between requests; a request the original already has is answered
     * by it before it stops, so the switch fails no request (as a real migration keeps connections).
     */
    private static void awaitRequestsOnTheOriginal(LocalVm local) {
        local.endpoints().forEach((port, endpoint) -> {
            if (!endpoint.awaitDrained(DRAIN_LIMIT)) {
                LOG.log(System.Logger.Level.WARNING, "{0}: requests on its ''{1}'' endpoint still with the original guest"
                        + " after {2}; stopping it anyway", local.vm().name(), port, DRAIN_LIMIT);
            }
        });
    }

    /**
     * The VM now runs from {@code target}: records that and deletes the old copy. If the old copy
     * cannot be deleted (its datastore turned read-only) the move stands, the failure is reported
     * and the platform's registry keeps the old directory for {@code tilemark cleanup}.
     */
    private void retire(Vm vm, Placement to, VmDirectory source, VmRegistry.Entry copyEntry, VmRegistry.Entry targetEntry)
            throws MovedButNotCleaned {
        try {
            registry.add(targetEntry);
            registry.remove(copyEntry);
        } catch (IOException e) {
            throw new MovedButNotCleaned(vm.name() + " runs on " + to + " but the platform's registry could not be updated: "
                    + e.getMessage());
        }
        try {
            Disks.delete(source.path());
            Disks.deleteIfEmpty(source.path().getParent());
        } catch (IOException e) {
            try {
                registry.add(new VmRegistry.Entry(vm.runId(), vm.name() + ".old", source.path()));
            } catch (IOException ignored) {
                // the message below names the directory
            }
            throw new MovedButNotCleaned(vm.name() + " runs on " + to + " but its old disk " + source.path()
                    + " could not be deleted: " + e.getMessage());
        }
    }

    /** A migration that completed but could not remove what it left behind: no roll-back, just a failure to report. */
    static final class MovedButNotCleaned extends PlatformException {
        MovedButNotCleaned(String message) {
            super(message);
        }
    }

    private static String kind(Placement from, Placement to) {
        return from.host().equals(to.host()) ? "Storage vMotion" : "XvMotion";
    }

    /** Deletes the partial copy and runs the guest from its source again. */
    private void rollBack(LocalVm local, VmDirectory target, VmRegistry.Entry copyEntry, boolean guestStopped) {
        try {
            ProcessSweeper.stop(ProcessSweeper.find(target.path()), Duration.ofSeconds(5));
            Disks.delete(target.path());
            Disks.deleteIfEmpty(target.path().getParent());
            registry.remove(copyEntry);
        } catch (IOException ignored) {
            // the copy could not even be made: nothing (or only what cleanup removes) is left
        }
        try {
            if (guestStopped) {
                guests.start(local, RESTART_TIMEOUT);
            }
        } catch (PlatformException e) {
            // The VM stays down; its watcher does not report a stop it was told to expect, so say it here.
            local.failed();
        } finally {
            local.endpoints().values().forEach(EndpointProxy::release);
        }
    }

}
