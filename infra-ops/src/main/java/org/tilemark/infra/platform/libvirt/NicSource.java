package org.tilemark.infra.platform.libvirt;

import java.util.Optional;

/**
 * What a VM's NIC joins on its host: a bridge the host already has ({@code <interface type='bridge'>}, a
 * cluster whose DHCP server is the lab's own) or a libvirt network ({@code <interface type='network'>},
 * whose DHCP leases libvirt knows).
 *
 * @param type libvirt's interface type, also the {@code <source>} attribute naming it: {@code bridge} or {@code network}
 * @param name the bridge's or the network's name
 */
record NicSource(String type, String name) {

    private static final String BRIDGE = "bridge";
    private static final String NETWORK = "network";

    /** The bridge when the section names one, else its network. */
    static NicSource of(LibvirtSettings settings) {
        return settings.bridge().isBlank() ? new NicSource(NETWORK, settings.network()) : new NicSource(BRIDGE, settings.bridge());
    }

    /** The libvirt network, whose DHCP leases name the VM's address; none on a bridge. */
    Optional<String> network() {
        return NETWORK.equals(type) ? Optional.of(name) : Optional.empty();
    }
}
