package org.tilemark.workloads;

import java.util.List;
import java.util.Map;

/**
 * A VM a workload needs in a tile. {@code templateInfo} shapes the template disk: it is the settings
 * of the guest that builds the template, and its cache identity. {@code settings} are this VM's role
 * settings; {@code peers} names the VMs it needs to reach (e.g. its database): the harness deploys it
 * only once they are up and puts their addresses into its guest config, and a setting may name one
 * of them (e.g. {@code dvdstore.db.peer}). Secrets reach the guest only in its guest config.
 */
public record VmRequest(String name, String role, Map<String, String> templateInfo,
                        Map<String, String> settings, List<String> peers, Map<String, String> secrets) {

    public VmRequest {
        templateInfo = Map.copyOf(templateInfo);
        settings = Map.copyOf(settings);
        peers = List.copyOf(peers);
        secrets = Map.copyOf(secrets);
    }

    /** A VM that needs no other VM. */
    public VmRequest(String name, String role, Map<String, String> templateInfo, Map<String, String> settings,
                     Map<String, String> secrets) {
        this(name, role, templateInfo, settings, List.of(), secrets);
    }

    @Override
    public String toString() {
        return "VmRequest[" + name + " role=" + role + " peers=" + peers + " secrets=" + secrets.keySet() + "]";
    }
}
