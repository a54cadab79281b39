package org.tilemark.templates.guest;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.tilemark.templates.VmSize;

/**
 * What a VM is told when it is deployed: its role, tile, run and name, the address its services bind
 * ({@code bindAddress}: loopback on the local platform, the VM's interface in a VM), the network its
 * peers connect from ({@code clientNetwork}, a CIDR such as {@code 127.0.0.1/32} or
 * {@code 10.0.0.0/24}, for services that admit clients by address), the addresses of the peers it
 * needs by VM name and port name, its role's settings, and the secret values it needs. A platform
 * delivers it (a file on local; cloud-init NoCloud or VMware guestinfo in a VM); {@link GuestDocumentFile#CONFIG}
 * owns its format. The template build guest gets one too, with no peers. Where the platform keeps the config readable
 * (vCenter's extraConfig), it holds no secret: {@code secretSource} tells the guest where to fetch them once
 * ({@link SecretFetch}); null where the secrets are in the config itself. {@code size} is the VM's virtual hardware
 * as the guest has it (a server sizes its caches from it, as a DBA sizes PostgreSQL for its VM); null in a
 * config written before version 2, or where the platform does not say.
 */
public record GuestConfig(String role, int tile, String runId, String vmName, String bindAddress, String clientNetwork,
                          Map<String, Map<String, HostPort>> peers, Map<String, String> settings, Map<String, String> secrets,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                          SecretSource secretSource,
                          @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                          VmSize size) {

    public GuestConfig(String role, int tile, String runId, String vmName, String bindAddress, String clientNetwork,
                       Map<String, Map<String, HostPort>> peers, Map<String, String> settings, Map<String, String> secrets) {
        this(role, tile, runId, vmName, bindAddress, clientNetwork, peers, settings, secrets, null, null);
    }

    public GuestConfig {
        require("role", role);
        require("vmName", vmName);
        require("bindAddress", bindAddress);
        require("clientNetwork", clientNetwork);
        runId = runId == null ? "" : runId;
        Map<String, Map<String, HostPort>> copied = new TreeMap<>();
        (peers == null ? Map.<String, Map<String, HostPort>>of() : peers).forEach((vm, ports) -> copied.put(vm, Map.copyOf(ports)));
        peers = Map.copyOf(copied);
        settings = settings == null ? Map.of() : Map.copyOf(settings);
        secrets = secrets == null ? Map.of() : Map.copyOf(secrets);
    }

    /** The address of {@code port} on peer VM {@code vm}, if the platform gave it. */
    public Optional<HostPort> peer(String vm, String port) {
        return Optional.ofNullable(peers.getOrDefault(vm, Map.of()).get(port));
    }

    /** The same config with no secret in it, telling the guest to fetch them from {@code source}. */
    public GuestConfig withSecretsAt(SecretSource source) {
        return new GuestConfig(role, tile, runId, vmName, bindAddress, clientNetwork, peers, settings, Map.of(), source, size);
    }

    /** The same config with the secrets fetched from its source in it (and the source, used once, gone). */
    public GuestConfig withSecrets(Map<String, String> fetched) {
        return new GuestConfig(role, tile, runId, vmName, bindAddress, clientNetwork, peers, settings, fetched, null, size);
    }

    /** The same config telling the guest the VM's virtual hardware. */
    public GuestConfig withSize(VmSize vmSize) {
        return new GuestConfig(role, tile, runId, vmName, bindAddress, clientNetwork, peers, settings, secrets, secretSource, vmSize);
    }

    /** Secrets by name only: a config printed in a log or an error message must not leak them. */
    @Override
    public String toString() {
        return "GuestConfig[" + vmName + " role=" + role + " tile=" + tile + " run=" + runId + " bind=" + bindAddress
                + " peers=" + peers + " settings=" + settings + " secrets=" + new TreeMap<>(secrets).keySet()
                + (secretSource == null ? "" : " secretsFrom=" + secretSource.url()) + (size == null ? "" : " size=" + size) + "]";
    }

    private static void require(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("guest config: '" + field + "' is missing");
        }
    }
}
