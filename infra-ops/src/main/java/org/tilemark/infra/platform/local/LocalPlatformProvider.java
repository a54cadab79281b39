package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.MachineChecks;
import org.tilemark.config.SectionChecks;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformProvider;
import org.tilemark.infra.platform.PlatformSettingException;

/** Provides the local platform (the embedded default) and its section {@code cluster.local}. */
public final class LocalPlatformProvider implements PlatformProvider<LocalSettings> {

    static final String NAME = "local";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Class<LocalSettings> sectionType() {
        return LocalSettings.class;
    }

    @Override
    public LocalSettings defaults() {
        return LocalSettings.defaults();
    }

    @Override
    public void validate(LocalSettings section, SectionChecks checks) {
        checks.atLeast("hosts", section.hosts(), 1);
        checks.harnessDatastores("datastores", section.datastores().keySet());
        checks.notNegative("memoryDirtyMBps", section.memoryDirtyMBps());
        checks.positive("vmotionNetworkGbps", section.vmotionNetworkGbps());
        checks.positive("storageMigrationMBps", section.storageMigrationMBps());
        checks.notNegative("memoryScale", section.memoryScale());
        if (section.memoryScale() > 1) {
            checks.error("memoryScale", "must be at most 1 (a VM's share of its role's memory; 0 leaves it unbounded), got "
                    + section.memoryScale());
        }
    }

    /**
     * The host bound, the rule of {@link #checkDatastores}, and disks the configuration puts on a
     * datastore against its file system's size, checked before anything is created.
     */
    @Override
    public void checkMachine(LocalSettings section, MachineChecks checks) {
        // More hosts than CPUs share CPUs round robin (HostSlots); far more only measures the scheduler.
        checks.atMost("hosts", section.hosts(), Math.max(16, 8L * checks.cpus()),
                "8 logical hosts per CPU and at least 16; this machine has " + checks.cpus() + " CPUs");
        boolean workDirUsable = checks.writableDirectory("workDir", section.workDir(), true);
        Path workDir = section.workDir().toAbsolutePath().normalize();
        for (var datastore : section.datastores().entrySet()) {
            Path directory = datastore.getValue().toAbsolutePath().normalize();
            if (!workDirUsable && directory.startsWith(workDir)) {
                continue; // the work directory's error says it
            }
            String key = "datastores." + datastore.getKey();
            if (checks.writableDirectory(key, datastore.getValue(), directory.startsWith(workDir))) {
                checks.demand(datastore.getKey()).ifPresent(demand -> checks.fitsFileSystem(key, directory, demand));
            }
            checks.distinct(key, datastore.getValue());
        }
    }

    @Override
    public Platform create(LocalSettings section, ClusterSpec cluster) throws PlatformException {
        checkDatastores(section);
        try {
            return new LocalPlatform(section, cluster.bindAddress());
        } catch (IOException e) {
            throw new PlatformException("local platform: cannot prepare " + section.workDir() + ": " + e.getMessage(), e);
        }
    }

    /**
     * A datastore inside the work directory may be missing (the platform creates it when it first
     * writes there: a command that only looks, such as {@code cleanup}, creates nothing); one elsewhere
     * must exist, so a typo does not benchmark the wrong disk. Either must be writable, or for a missing
     * one its nearest existing parent.
     */
    private static void checkDatastores(LocalSettings section) throws PlatformSettingException {
        Path workDir = section.workDir().toAbsolutePath().normalize();
        for (var datastore : section.datastores().entrySet()) {
            Path directory = datastore.getValue().toAbsolutePath().normalize();
            if (!Files.isDirectory(directory) && !directory.startsWith(workDir)) {
                throw new PlatformSettingException(key(datastore.getKey()) + ": " + directory + " does not exist");
            }
            Path existing = directory;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null || !Files.isDirectory(existing)) {
                throw new PlatformSettingException(key(datastore.getKey()) + ": " + directory + " cannot be created ("
                        + existing + " is not a directory)");
            }
            if (!Files.isWritable(existing)) {
                throw new PlatformSettingException(key(datastore.getKey()) + ": " + directory + " is not writable"
                        + (existing.equals(directory) ? "" : " (" + existing + " is not)"));
            }
        }
    }

    private static String key(String datastore) {
        return "cluster." + NAME + ".datastores." + datastore;
    }
}
