package org.tilemark.infra.platform;

import java.util.Map;

/**
 * One VM to deploy: name (unique in the run), the run it belongs to, the template to clone, where to
 * place it, its customization (guestinfo) and secrets for its environment (never written to disk).
 */
public record VmSpec(String name, String runId, int tile, Template template,
                     org.tilemark.templates.RoleTemplate role, String host, String datastore,
                     Map<String, String> guestInfo, Map<String, String> secretEnvironment) {

    public VmSpec {
        guestInfo = Map.copyOf(guestInfo);
        secretEnvironment = Map.copyOf(secretEnvironment);
    }

    @Override
    public String toString() {
        return "VmSpec[" + name + " role=" + role.role() + " host=" + host + " datastore=" + datastore + "]";
    }
}
