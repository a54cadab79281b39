package org.tilemark.config;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks of a configuration on this machine, without creating anything: bounds the machine sets, and
 * the paths it names: a directory
 * that exists must be a writable directory; one that does not must be creatable (its nearest existing
 * ancestor a writable directory); directories that must differ do. Errors name the full key path.
 */
public final class MachineChecks {

    private final String section;
    private final List<String> errors;
    private final Map<Path, String> distinct;
    private final Map<String, DatastoreDemand> demands;

    private MachineChecks(String section, List<String> errors, Map<Path, String> distinct, Map<String, DatastoreDemand> demands) {
        this.section = section;
        this.errors = errors;
        this.distinct = distinct;
        this.demands = demands;
    }

    static MachineChecks top(List<String> errors) {
        return new MachineChecks("", errors, new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    /** The checks of a section, e.g. {@code cluster.local}: keys are relative to it, distinctness and demands shared. */
    MachineChecks section(String name) {
        return new MachineChecks(name + ".", errors, distinct, demands);
    }

    /**
     * Bytes the configuration puts on one datastore (named as the platform names it), the key that sets
     * them, and what they are; only the platform knows where the datastore is, so it checks the bound.
     */
    public record DatastoreDemand(String key, long bytes, String what) {
    }

    void demand(String datastore, DatastoreDemand demand) {
        demands.merge(datastore, demand, (a, b) -> a.bytes() >= b.bytes() ? a : b);
    }

    /** The largest demand on {@code datastore}, if the configuration makes one. */
    public java.util.Optional<DatastoreDemand> demand(String datastore) {
        return java.util.Optional.ofNullable(demands.get(datastore));
    }

    /**
     * The demand must fit the file system that holds {@code directory} (or would hold it: its nearest
     * existing ancestor): a disk larger than the whole file system can never be written, whatever is freed
     * first. Free space is not the bound: it changes until the disks are made, and a full datastore
     * during a run ends it keeping what was measured. The error names the demand's key and the bound.
     */
    public void fitsFileSystem(String key, Path directory, DatastoreDemand demand) {
        Path existing = directory.toAbsolutePath().normalize();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return; // the path check says what is wrong with it
        }
        long size;
        try {
            size = Files.getFileStore(existing).getTotalSpace();
        } catch (java.io.IOException e) {
            return; // a file system that does not say its size bounds nothing here
        }
        if (size > 0 && demand.bytes() > size) {
            errors.add(demand.key() + ": " + demand.what() + " need " + DataSizes.format(demand.bytes()) + ", more than the whole file system of "
                    + section + key + " (" + Messages.clip(directory.toString()) + ": " + DataSizes.format(size) + ")");
        }
    }

    /** The number of CPUs of this machine, for bounds derived from it. */
    public int cpus() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** {@code value} must not exceed {@code bound}; {@code why} says where the bound comes from. */
    public void atMost(String key, long value, long bound, String why) {
        if (value > bound) {
            errors.add(section + key + ": must be <= " + bound + " (" + why + ") (got " + value + ")");
        }
    }

    /**
     * A directory the command writes into: an existing writable directory, or creatable when {@code mayCreate}.
     * Returns whether it is, so checks of what lies inside it can be skipped when it is not.
     */
    public boolean writableDirectory(String key, Path path, boolean mayCreate) {
        if (path == null) {
            return true;
        }
        String fullKey = section + key;
        Path absolute;
        try {
            absolute = path.toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            errors.add(fullKey + ": not a usable path");
            return false;
        }
        String shown = Messages.clip(path.toString());
        int before = errors.size();
        if (Files.exists(absolute)) {
            if (!Files.isDirectory(absolute)) {
                errors.add(fullKey + ": " + shown + " is not a directory");
            } else if (!Files.isWritable(absolute) || noFiles(absolute).isPresent()) {
                errors.add(fullKey + ": " + shown + " is not writable" + noFiles(absolute).map(why -> " (" + why + ")").orElse(""));
            }
        } else if (!mayCreate) {
            errors.add(fullKey + ": " + shown + " does not exist");
        } else {
            Path parent = absolute.getParent();
            while (parent != null && !Files.exists(parent)) {
                parent = parent.getParent();
            }
            if (parent == null || !Files.isDirectory(parent)) {
                errors.add(fullKey + ": " + shown + " cannot be created (" + (parent == null ? "no parent" : parent + " is not a directory") + ")");
            } else if (!Files.isWritable(parent)) {
                errors.add(fullKey + ": " + shown + " cannot be created (" + parent + " is not writable)");
            } else if (noFiles(parent).isPresent()) {
                errors.add(fullKey + ": " + shown + " cannot be created (" + parent + " " + noFiles(parent).get() + ")");
            }
        }
        return errors.size() == before;
    }

    /**
     * Why nothing can be written under {@code existing} although its permissions say otherwise (root may
     * write anywhere): a read-only mount, or a pseudo file system of no size such as /proc or /sys.
     */
    private static java.util.Optional<String> noFiles(Path existing) {
        try {
            var store = Files.getFileStore(existing);
            if (store.isReadOnly()) {
                return java.util.Optional.of("is on a read-only file system");
            }
            return store.getTotalSpace() == 0
                    ? java.util.Optional.of("is on " + store.type() + ", a file system that holds no files") : java.util.Optional.empty();
        } catch (java.io.IOException e) {
            return java.util.Optional.empty(); // the permission checks above stand
        }
    }

    /** {@code path} must not be a directory another key given to this method named. */
    public void distinct(String key, Path path) {
        if (path == null) {
            return;
        }
        String other = distinct.putIfAbsent(path.toAbsolutePath().normalize(), section + key);
        if (other != null) {
            errors.add(section + key + ": the same directory as " + other + " (" + Messages.clip(path.toString()) + ")");
        }
    }

    /** A file holding a secret: a readable regular file, not empty, of at most {@link InputFiles#CONFIG_MAX_BYTES}. */
    public void secretFile(String key, Path path) {
        if (path == null) {
            return;
        }
        try {
            byte[] bytes = InputFiles.readBytes(path, InputFiles.CONFIG_MAX_BYTES);
            if (new String(bytes, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
                errors.add(section + key + ": " + Messages.clip(path.toString()) + " is empty");
            }
        } catch (InputFiles.InputFileException e) {
            errors.add(section + key + ": " + e.getMessage());
        }
    }
}
