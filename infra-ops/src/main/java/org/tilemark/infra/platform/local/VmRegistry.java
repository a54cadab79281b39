package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The local platform's on-disk record of every VM it deployed, written before a guest starts, so
 * {@code tilemark cleanup} can find processes and disks of a run whose harness died.
 */
final class VmRegistry {

    private final Path root;

    VmRegistry(Path root) {
        this.root = root;
    }

    record Entry(String runId, String vmName, Path vmDirectory) {

        /**
         * A guest that runs on from a directory its VM has left (a storage move that kept it running):
         * its processes name that directory, so cleanup after a crash finds them through this entry.
         */
        static Entry guestRunningFrom(String runId, String vmName, Path launchDirectory) {
            return new Entry(runId, vmName + ".guest", launchDirectory);
        }
    }

    void add(Entry entry) throws IOException {
        Path dir = root.resolve(entry.runId());
        Files.createDirectories(dir);
        Properties p = new Properties();
        p.setProperty("run", entry.runId());
        p.setProperty("vm", entry.vmName());
        p.setProperty("dir", entry.vmDirectory().toAbsolutePath().normalize().toString());
        // The harness process that deployed it: while it lives, the run is live and cleanup leaves it alone.
        ProcessHandle self = ProcessHandle.current();
        p.setProperty("owner", Long.toString(self.pid()));
        self.info().startInstant().ifPresent(start -> p.setProperty("ownerStart", start.toString()));
        try (Writer out = Files.newBufferedWriter(dir.resolve(entry.vmName() + ".properties"), StandardCharsets.UTF_8)) {
            p.store(out, "a VM of run " + entry.runId());
        }
    }

    /**
     * Records where {@code local}'s running guest was started from while that is not its VM's directory
     * (a storage move kept the guest running), and forgets it once they are the same again.
     */
    void recordGuestDirectory(LocalVm local) throws IOException {
        Entry entry = Entry.guestRunningFrom(local.vm().runId(), local.vm().name(), local.guestDir().path());
        if (local.guestDir().equals(local.dir())) {
            remove(entry);
        } else {
            add(entry);
        }
    }

    void remove(Entry entry) throws IOException {
        Path dir = root.resolve(entry.runId());
        Files.deleteIfExists(dir.resolve(entry.vmName() + ".properties"));
        try (DirectoryStream<Path> rest = Files.newDirectoryStream(dir)) {
            if (!rest.iterator().hasNext()) {
                Files.deleteIfExists(dir);
            }
        } catch (IOException ignored) {
            // another VM of the run was added meanwhile
        }
    }

    /** {@code run/vm} of every entry of one run (all runs when runId is null); none when the registry is unreadable. */
    List<String> names(String runId) {
        try {
            return entries(runId).stream().map(e -> e.runId() + "/" + e.vmName()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Run id to "harness pid N" for every run whose deploying harness process is still alive. */
    Map<String, String> liveRuns() {
        try {
            return liveRunsOrFail();
        } catch (IOException e) {
            return Map.of(); // an unreadable registry tells of no live run; cleanup then says what it cannot remove
        }
    }

    private Map<String, String> liveRunsOrFail() throws IOException {
        Map<String, String> live = new TreeMap<>();
        for (Path file : files(null)) {
            Properties p = load(file);
            String owner = p.getProperty("owner");
            if (owner == null || !owner.matches("[0-9]{1,19}")) {
                continue; // recorded before owners were: cannot tell
            }
            Optional<ProcessHandle> process = ProcessHandle.of(Long.parseLong(owner));
            boolean sameProcess = process.isPresent() && process.get().isAlive()
                    && Objects.equals(process.get().info().startInstant().map(Object::toString).orElse(null),
                            p.getProperty("ownerStart"));
            if (sameProcess) {
                live.put(p.getProperty("run"), "harness pid " + owner);
            }
        }
        return live;
    }

    /** Entries of one run, or of all runs when runId is null. */
    List<Entry> entries(String runId) throws IOException {
        List<Entry> result = new ArrayList<>();
        for (Path file : files(runId)) {
            Properties p = load(file);
            result.add(new Entry(p.getProperty("run"), p.getProperty("vm"), Path.of(p.getProperty("dir"))));
        }
        return result;
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }

    private List<Path> files(String runId) throws IOException {
        List<Path> result = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return result;
        }
        try (DirectoryStream<Path> runs = Files.newDirectoryStream(root)) {
            for (Path run : runs) {
                if (runId != null && !run.getFileName().toString().equals(runId)) {
                    continue;
                }
                try (DirectoryStream<Path> vms = Files.newDirectoryStream(run, "*.properties")) {
                    vms.forEach(result::add);
                }
            }
        }
        return result;
    }
}
