package org.tilemark.harness.storage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.StorageSpec;
import org.tilemark.infra.platform.Platform;

/** The effective storage settings of one run: the spec, with {@code --quick}'s shorter times and smaller disks. */
record StorageSettings(StorageSpec spec, Path workDir, Path datastorePath, boolean quick) {

    static StorageSettings of(BenchmarkSpec spec, boolean quick) {
        StorageSpec storage = spec.storage();
        return new StorageSettings(storage, spec.cluster().workDir().toAbsolutePath().normalize(),
                spec.cluster().datastores().get(storage.datastore()).toAbsolutePath().normalize(), quick);
    }

    int vms() {
        return spec.vms();
    }

    int disksPerVm() {
        return spec.disksPerVm();
    }

    String datastore() {
        return spec.datastore();
    }

    String diskSize() {
        return quick ? spec.quick().diskSize() : spec.diskSize();
    }

    long diskBytes() {
        return StorageRun.bytes(diskSize());
    }

    Duration rampUp() {
        return quick ? spec.quick().rampUp() : spec.rampUp();
    }

    Duration runtime() {
        return quick ? spec.quick().runtime() : spec.runtime();
    }

    /** The hosts the I/O VMs go on: the first {@code storage.hosts} of the cluster, or all. */
    List<String> hosts(Platform platform) {
        List<String> all = StorageRun.hostNames(platform);
        return spec.hosts() == 0 ? all : all.subList(0, spec.hosts());
    }

    /**
     * Why the datastore cannot be used, naming the key; empty if it can. A datastore inside the work
     * directory is created; one elsewhere must exist (a typo must not benchmark the wrong disk).
     */
    Optional<String> datastoreProblem() {
        String key = "cluster.datastores." + spec.datastore();
        try {
            if (!Files.isDirectory(datastorePath)) {
                if (!datastorePath.startsWith(workDir)) {
                    return Optional.of(key + ": " + datastorePath + " does not exist");
                }
                Files.createDirectories(datastorePath);
            }
        } catch (java.io.IOException e) {
            return Optional.of(key + ": " + datastorePath + " cannot be created (" + e.getMessage() + ")");
        }
        return StorageRun.writable(datastorePath) ? Optional.empty() : Optional.of(key + ": " + datastorePath + " is not writable");
    }

    String describe() {
        return vms() + " I/O VM(s) on datastore " + datastore() + " (" + datastorePath + "), "
                + (spec.hosts() == 0 ? "all hosts" : spec.hosts() + " host(s)") + ", " + disksPerVm() + " x " + diskSize()
                + " disk(s) per VM, QD " + spec.outstandingIos() + ", ramp-up " + rampUp().toSeconds() + " s, runtime "
                + runtime().toSeconds() + " s" + (quick ? " (quick)" : "");
    }
}
