package org.tilemark.harness.storage;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.StorageSpec;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformSettingException;
import org.tilemark.infra.platform.Platforms;

/**
 * The effective storage settings of one run: the spec, with {@code --quick}'s shorter times and smaller
 * disks, checked against what the platform has.
 *
 * @param datastoreLocation where the platform keeps the datastore, in its own terms
 * @param platformHosts     how many hosts the platform has
 */
record StorageSettings(StorageSpec spec, String datastoreLocation, int platformHosts, boolean quick) {

    /**
     * Asks the platform (creating it checks its own settings) whether it has the datastore and hosts.
     *
     * @throws PlatformSettingException naming the key of a setting that does not fit the platform
     */
    static StorageSettings of(BenchmarkSpec spec, boolean quick) throws PlatformException {
        StorageSpec storage = spec.storage();
        try (Platform platform = Platforms.create(spec.cluster())) {
            Inventory inventory = platform.inventory();
            Inventory.Datastore datastore = inventory.datastores().stream()
                    .filter(d -> d.name().equals(storage.datastore())).findFirst()
                    .orElseThrow(() -> new PlatformSettingException("storage.datastore: unknown datastore '"
                            + storage.datastore() + "' (the " + platform.name() + " platform has: "
                            + String.join(", ", inventory.datastores().stream().map(Inventory.Datastore::name).toList()) + ")"));
            if (storage.hosts() > inventory.hosts().size()) {
                throw new PlatformSettingException("storage.hosts: must be <= the " + inventory.hosts().size()
                        + " hosts of the " + platform.name() + " platform (got " + storage.hosts() + ")");
            }
            return new StorageSettings(storage, datastore.location(), inventory.hosts().size(), quick);
        }
    }

    /** The same platform with another layout of I/O VMs. */
    StorageSettings with(StorageSpec layout) {
        return new StorageSettings(layout, datastoreLocation, platformHosts, quick);
    }

    /** Says why the platform refused, and the exit code: bad input when a setting does not fit it. */
    static int refused(PlatformException e, PrintStream err) {
        err.println("error: " + e.getMessage());
        return e instanceof PlatformSettingException ? RunOutcome.BAD_INPUT : RunOutcome.RUNTIME_FAILURE;
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

    String describe() {
        return vms() + " I/O VM(s) on datastore " + datastore() + " (" + datastoreLocation + "), "
                + (spec.hosts() == 0 ? "all hosts" : spec.hosts() + " host(s)") + ", " + disksPerVm() + " x " + diskSize()
                + " disk(s) per VM, QD " + spec.outstandingIos() + ", ramp-up " + rampUp().toSeconds() + " s, runtime "
                + runtime().toSeconds() + " s" + (quick ? " (quick)" : "");
    }
}
