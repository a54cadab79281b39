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
import java.util.Properties;

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
    }

    void add(Entry entry) throws IOException {
        Path dir = root.resolve(entry.runId());
        Files.createDirectories(dir);
        Properties p = new Properties();
        p.setProperty("run", entry.runId());
        p.setProperty("vm", entry.vmName());
        p.setProperty("dir", entry.vmDirectory().toAbsolutePath().normalize().toString());
        try (Writer out = Files.newBufferedWriter(dir.resolve(entry.vmName() + ".properties"), StandardCharsets.UTF_8)) {
            p.store(out, "a VM of run " + entry.runId());
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

    /** Entries of one run, or of all runs when runId is null. */
    List<Entry> entries(String runId) throws IOException {
        List<Entry> result = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return result;
        }
        try (DirectoryStream<Path> runs = Files.newDirectoryStream(root)) {
            for (Path run : runs) {
                if (runId != null && !run.getFileName().toString().equals(runId)) {
                    continue;
                }
                try (DirectoryStream<Path> vms = Files.newDirectoryStream(run, "*.properties")) {
                    for (Path vm : vms) {
                        Properties p = new Properties();
                        try (Reader in = Files.newBufferedReader(vm, StandardCharsets.UTF_8)) {
                            p.load(in);
                        }
                        result.add(new Entry(p.getProperty("run"), p.getProperty("vm"), Path.of(p.getProperty("dir"))));
                    }
                }
            }
        }
        return result;
    }
}
