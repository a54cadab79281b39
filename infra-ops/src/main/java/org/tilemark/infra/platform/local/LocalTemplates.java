package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.local.GuestLauncher.GuestLaunchRequest;
import org.tilemark.templates.guest.GuestConfig;

/**
 * The local platform's templates: one directory per template key under the work directory, built once by
 * a guest run in build mode and shared by every run, and every harness, using that work directory. A
 * build holds an exclusive lock on {@code <key>.lock}, so a second harness that needs the same template
 * meanwhile waits for it and reuses it instead of restarting (and killing) the build.
 */
final class LocalTemplates {

    private static final String TEMPLATE_BUILDS = "template-builds";
    private static final Duration LOCK_POLL = Duration.ofMillis(200);

    private final Path root;
    private final VmRegistry registry;
    private final GuestLauncher launcher;
    private final String cpus;
    private final String guestBind;
    private final String guestNetwork;

    /**
     * @param cpus the CPUs a build runs on (the first host's)
     * @param guestBind the address a building guest binds, {@code guestNetwork} the clients it admits
     */
    LocalTemplates(Path root, VmRegistry registry, GuestLauncher launcher, String cpus, String guestBind, String guestNetwork) {
        this.root = root;
        this.registry = registry;
        this.launcher = launcher;
        this.cpus = cpus;
        this.guestBind = guestBind;
        this.guestNetwork = guestNetwork;
    }

    /** The disk a VM of template {@code cacheKey} starts from. */
    Path disk(String cacheKey) {
        return root.resolve(cacheKey).resolve("disk");
    }

    Template ensure(TemplateRequest request) throws PlatformException {
        String key = request.id().cacheKey();
        if (isReady(key)) {
            return new Template(key, request.role().role(), false);
        }
        long deadline = System.nanoTime() + request.timeout().toNanos();
        try {
            Files.createDirectories(root);
            try (FileChannel lockFile = FileChannel.open(root.resolve(key + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = lock(lockFile, key, deadline)) {
                if (isReady(key)) { // another harness built it while this one waited
                    return new Template(key, request.role().role(), false);
                }
                build(request, key, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
                return new Template(key, request.role().role(), true);
            }
        } catch (IOException e) {
            throw new PlatformException("building template " + key + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlatformException("building template " + key + " was interrupted", e);
        }
    }

    private boolean isReady(String key) {
        return Files.isRegularFile(root.resolve(key).resolve("READY"));
    }

    private static FileLock lock(FileChannel channel, String key, long deadline)
            throws IOException, InterruptedException, PlatformException {
        while (true) {
            try {
                FileLock lock = channel.tryLock();
                if (lock != null) {
                    return lock;
                }
            } catch (OverlappingFileLockException e) {
                // another platform of this process holds it: wait for it as for another process
            }
            if (System.nanoTime() > deadline) {
                throw new PlatformException("template " + key + ": another harness was still building it when the template timeout ran out");
            }
            Thread.sleep(LOCK_POLL.toMillis());
        }
    }

    private void build(TemplateRequest request, String key, Duration timeout) throws IOException, InterruptedException, PlatformException {
        VmDirectory build = new VmDirectory(root.resolve(key + ".build"));
        VmRegistry.Entry entry = new VmRegistry.Entry(TEMPLATE_BUILDS, key, build.path());
        try {
            // What a build that died with its harness left (the lock holder is the only builder now).
            ProcessSweeper.stop(ProcessSweeper.find(build.path()), Duration.ofSeconds(5));
            Disks.delete(build.path());
            Files.createDirectories(build.disk());
            registry.add(entry);
            build.writeGuestConfig(new GuestConfig(request.role().role(), 0, TEMPLATE_BUILDS, key, guestBind, guestNetwork,
                    Map.of(), request.buildInfo(), request.secrets()));
            Process process = launcher.launch(new GuestLaunchRequest(key, TEMPLATE_BUILDS, request.role().role(), request.role().size(),
                    cpus, build, true));
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                ProcessSweeper.stop(ProcessSweeper.find(build.path()), Duration.ofSeconds(5));
                throw new PlatformException("building template " + key + " took longer than " + request.timeout()
                        + "; last output:\n" + build.consoleTail(15));
            }
            if (process.exitValue() != 0) {
                throw new PlatformException("building template " + key + " failed (exit " + process.exitValue()
                        + "); last output:\n" + build.consoleTail(15));
            }
            Files.writeString(build.path().resolve("READY"), Instant.now().toString());
            Path ready = root.resolve(key);
            Disks.delete(ready);
            Files.move(build.path(), ready, StandardCopyOption.ATOMIC_MOVE);
            registry.remove(entry);
        } catch (InterruptedException e) {
            ProcessSweeper.stop(ProcessSweeper.find(build.path()), Duration.ofSeconds(5));
            throw e;
        }
    }
}
