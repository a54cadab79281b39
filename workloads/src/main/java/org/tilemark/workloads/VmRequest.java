package org.tilemark.workloads;

import java.util.Map;

/**
 * A VM a workload needs in a tile. {@code templateInfo} shapes the template disk: it is the
 * customization of the guest that builds the template, and its cache identity. {@code guestInfo}
 * customizes this VM and may name another VM's endpoint as {@code ${endpoint:VM-NAME}}, resolved by
 * the harness once that VM is up. Secrets go to the guest's environment only.
 */
public record VmRequest(String name, String role, Map<String, String> templateInfo,
                        Map<String, String> guestInfo, Map<String, String> secretEnvironment) {

    public VmRequest {
        templateInfo = Map.copyOf(templateInfo);
        guestInfo = Map.copyOf(guestInfo);
        secretEnvironment = Map.copyOf(secretEnvironment);
    }

    @Override
    public String toString() {
        return "VmRequest[" + name + " role=" + role + " secrets=" + secretEnvironment.keySet() + "]";
    }
}
