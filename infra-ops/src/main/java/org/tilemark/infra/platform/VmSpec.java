package org.tilemark.infra.platform;

import java.util.Map;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.VmSize;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.HostPort;

/**
 * One VM to deploy: name (unique in the run), the run it belongs to, the template to clone, where to
 * place it, its role settings, the addresses of the peers it needs (by VM name and port name, as the
 * platform reported them once those peers were up) and the secrets it needs. The platform delivers
 * all of it in the VM's guest config ({@link #guestConfig}), adding the address the guest binds.
 */
public record VmSpec(String name, String runId, int tile, Template template, RoleTemplate role, String host, String datastore,
                     Map<String, String> settings, Map<String, Map<String, HostPort>> peers, Map<String, String> secrets) {

    public VmSpec {
        settings = Map.copyOf(settings);
        peers = Map.copyOf(peers);
        secrets = Map.copyOf(secrets);
    }

    /** A VM that needs no peer. */
    public VmSpec(String name, String runId, int tile, Template template, RoleTemplate role, String host, String datastore,
                  Map<String, String> settings, Map<String, String> secrets) {
        this(name, runId, tile, template, role, host, datastore, settings, Map.of(), secrets);
    }

    /**
     * The guest config the platform delivers to this VM, whose services bind {@code bindAddress} for clients in
     * {@code clientNetwork}, telling it its role's size.
     */
    public GuestConfig guestConfig(String bindAddress, String clientNetwork) {
        return guestConfig(bindAddress, clientNetwork, role.size());
    }

    /** The same, telling the guest the size it really has where the platform gives it another one (the local platform's memory scale). */
    public GuestConfig guestConfig(String bindAddress, String clientNetwork, VmSize size) {
        return new GuestConfig(role.role(), tile, runId, name, bindAddress, clientNetwork, peers, settings, secrets).withSize(size);
    }

    @Override
    public String toString() {
        return "VmSpec[" + name + " role=" + role.role() + " host=" + host + " datastore=" + datastore + " peers=" + peers.keySet() + "]";
    }
}
