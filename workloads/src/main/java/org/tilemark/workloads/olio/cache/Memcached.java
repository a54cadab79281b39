package org.tilemark.workloads.olio.cache;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.templates.guest.GuestServer;

/**
 * A memcached server of the web VM's own (Debian's {@code memcached}) and the web tier's client of it. It listens on
 * a Unix socket only (memcached's {@code -s} turns its network listeners off: nothing reaches it from outside the VM,
 * and two VMs on one host never share a port), with Debian's default of 64 MB for items. Its command line names the VM's
 * disk ({@code -P}, the pid file memcached writes only as a daemon), so a platform that finds a VM's processes by
 * their command line finds it too.
 */
public final class Memcached implements OlioCache {

    public static final Path BINARY = Path.of("/usr/bin/memcached");
    static final int MEMORY_MB = 64;
    static final GuestServer SERVER = new GuestServer("memcached", false);
    private static final int MAX_SOCKET_PATH = 100;
    private static final long START_TIMEOUT_MS = 10_000;
    private static final Logger LOG = LoggerFactory.getLogger(Memcached.class);

    private final Process process;
    private final Path socket;
    private final Path socketDirectory;
    private final ConcurrentLinkedQueue<MemcachedConnection> idle = new ConcurrentLinkedQueue<>();

    private Memcached(Process process, Path socket, Path socketDirectory) {
        this.process = process;
        this.socket = socket;
        this.socketDirectory = socketDirectory;
    }

    /** Why memcached cannot run here, if it cannot. */
    public static Optional<String> unavailable() {
        return Files.isExecutable(BINARY) ? Optional.empty()
                : Optional.of(BINARY + " is not installed (Debian package memcached; tests/setup/install-memcached.sh)");
    }

    /** Starts memcached for the VM whose disk is {@code disk}; returns once it answers. */
    public static Memcached start(Path disk) throws IOException, InterruptedException {
        Files.createDirectories(disk);
        Path inDisk = disk.toAbsolutePath().resolve("memcached.sock");
        // A Unix socket's path is at most 107 bytes: a deep disk gets a short private directory for it.
        Path directory = inDisk.toString().length() <= MAX_SOCKET_PATH ? null : Files.createTempDirectory("olio-memcached");
        Path socket = directory == null ? inDisk : directory.resolve("m.sock");
        List<String> command = new ArrayList<>(List.of(BINARY.toString(), "-s", socket.toString(), "-a", "0600",
                "-m", Integer.toString(MEMORY_MB), "-c", "1024", "-P", disk.toAbsolutePath().resolve("memcached.pid").toString(),
                // Only root needs -u (memcached refuses root without it); it stays who it was started as.
                "-u", ProcessHandle.current().info().user().orElse("root")));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(disk.resolve("memcached.log").toFile()));
        Process process = builder.start();
        Memcached memcached = new Memcached(process, socket, directory);
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MS;
        while (true) {
            if (!process.isAlive()) {
                memcached.close();
                throw new IOException("memcached exited with " + process.exitValue() + " at start: "
                        + lastLines(disk.resolve("memcached.log")));
            }
            try {
                memcached.stats();
                LOG.info("memcached {} MB on {}", MEMORY_MB, socket);
                return memcached;
            } catch (UncheckedIOException notYet) {
                if (System.currentTimeMillis() > deadline) {
                    memcached.close();
                    throw new IOException("memcached did not answer on " + socket + " within " + START_TIMEOUT_MS + " ms");
                }
                Thread.sleep(20);
            }
        }
    }

    private static String lastLines(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    @Override
    public Optional<String> get(String key) {
        return call(c -> c.get(key));
    }

    @Override
    public boolean add(String key, String value, int ttlSeconds) {
        return call(c -> c.store("add", key, value, ttlSeconds));
    }

    @Override
    public void set(String key, String value, int ttlSeconds) {
        call(c -> c.store("set", key, value, ttlSeconds));
    }

    @Override
    public void delete(String key) {
        call(c -> {
            c.delete(key);
            return Boolean.TRUE;
        });
    }

    /** The server's statistics ({@code stats}: get_hits, get_misses, curr_items, ...). */
    public Map<String, String> stats() {
        return call(MemcachedConnection::stats);
    }

    @Override
    public GuestServer server() {
        return SERVER;
    }

    @Override
    public void close() {
        MemcachedConnection connection;
        while ((connection = idle.poll()) != null) {
            connection.close();
        }
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(socket);
            if (socketDirectory != null) {
                Files.deleteIfExists(socketDirectory);
            }
        } catch (IOException ignored) {
            // memcached's own leftovers: the next start replaces the socket
        }
    }

    private interface Call<T> {
        T on(MemcachedConnection connection) throws IOException;
    }

    /** Runs one command on an idle connection (or a new one); a connection that failed is closed, not reused. */
    private <T> T call(Call<T> call) {
        MemcachedConnection connection = idle.poll();
        try {
            if (connection == null) {
                connection = MemcachedConnection.open(socket);
            }
            T result = call.on(connection);
            idle.add(connection);
            return result;
        } catch (IOException e) {
            if (connection != null) {
                connection.close();
            }
            throw new UncheckedIOException("memcached on " + socket + ": " + e.getMessage(), e);
        }
    }
}
