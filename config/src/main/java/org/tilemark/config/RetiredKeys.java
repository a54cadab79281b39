package org.tilemark.config;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Keys older versions recorded in a results bundle's configuration snapshot, read as the keys that
 * replaced them, and keys they did not record yet, read as what those versions did, so those bundles
 * still load (and verify). A user's file gets no such help: a retired
 * key there is unknown, and the error names the key to use.
 */
final class RetiredKeys {

    private RetiredKeys() {
    }

    /** Rewrites {@code snapshot} in place: each workload's section as its {@link WorkloadConfig} upgrades it. */
    static void upgrade(ObjectNode snapshot) {
        for (WorkloadConfig<?> workload : WorkloadConfigs.installed().all()) {
            if (snapshot.path("workloads").path(workload.name()) instanceof ObjectNode section) {
                workload.upgradeSnapshot(section);
            }
        }
    }
}
