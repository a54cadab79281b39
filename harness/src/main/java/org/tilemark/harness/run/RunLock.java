package org.tilemark.harness.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run's liveness, the same on every platform: while a harness holds VMs of a run (a cluster id) it
 * holds an exclusive lock on {@code <run.stateDir>/live/<id>.lock}, which names its process. The
 * operating system drops the lock when the process ends however it ends ({@code kill -9} too), so a
 * lock file nobody holds is a run that is gone. {@code tilemark cleanup} asks {@link #held} before it
 * removes anything.
 */
public final class RunLock implements AutoCloseable {

    private static final String DIRECTORY = "live";
    private static final String SUFFIX = ".lock";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private RunLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock of {@code runId} under {@code stateDir} for this process. */
    public static RunLock hold(Path stateDir, String runId) {
        Path file = stateDir.resolve(DIRECTORY).resolve(runId + SUFFIX);
        try {
            Files.createDirectories(file.getParent());
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new IllegalStateException("run " + runId + " is already held by another harness (" + file + ")");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(("harness pid " + ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8)));
            channel.force(false);
            return new RunLock(file, channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot take the run lock " + file + ": " + e.getMessage(), e);
        }
    }

    /** Run id to the process holding it, for every run under {@code stateDir} whose harness is still alive. */
    public static Map<String, String> held(Path stateDir) throws IOException {
        Map<String, String> live = new TreeMap<>();
        Path directory = stateDir.resolve(DIRECTORY);
        if (!Files.isDirectory(directory)) {
            return live;
        }
        try (var files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(SUFFIX)).toList()) {
                String runId = file.getFileName().toString().substring(0, file.getFileName().toString().length() - SUFFIX.length());
                if (isHeld(file)) {
                    live.put(runId, Files.readString(file, StandardCharsets.UTF_8).strip());
                }
            }
        }
        return live;
    }

    private static boolean isHeld(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            FileLock probe = channel.tryLock();
            if (probe == null) {
                return true; // another process holds it
            }
            probe.release(); // its harness ended without closing it (the file stays: a harness may be opening it right now)
            return false;
        } catch (OverlappingFileLockException thisProcess) {
            return true;
        } catch (java.nio.file.NoSuchFileException released) {
            return false;
        }
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release the run lock " + file + ": " + e.getMessage(), e);
        }
    }
}
