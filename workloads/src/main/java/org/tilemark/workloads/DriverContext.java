package org.tilemark.workloads;

import java.net.InetSocketAddress;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;

/** What a driver gets: its tile, the configuration, the stable endpoints of the tile's VMs by name, and a seed. */
public record DriverContext(int tile, BenchmarkSpec spec, Map<String, InetSocketAddress> endpoints, long seed) {

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
