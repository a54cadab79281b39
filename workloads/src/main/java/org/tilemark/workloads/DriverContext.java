package org.tilemark.workloads;

import java.net.InetSocketAddress;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;

/**
 * What a driver gets: its tile, the configuration, the stable endpoints of the tile's VMs, and a
 * seed, and the run's credentials (the same source the VMs were customized from). Endpoints are keyed {@code VM-NAME} (the primary service) and {@code VM-NAME/PORT} (each
 * named service, e.g. {@code tile1-mail/imap}).
 */
public record DriverContext(int tile, BenchmarkSpec spec, Map<String, InetSocketAddress> endpoints, long seed,
                            SecretSource secrets) {

    public DriverContext {
        endpoints = Map.copyOf(endpoints);
    }

    public InetSocketAddress endpoint(String vmName) {
        InetSocketAddress address = endpoints.get(vmName);
        if (address == null) {
            throw new IllegalArgumentException("no endpoint for VM " + vmName + " (known: " + endpoints.keySet() + ")");
        }
        return address;
    }
}
