package org.tilemark.infra.platform.libvirt;

import java.util.Collection;
import org.libvirt.LibvirtException;
import org.libvirt.Network;
import org.libvirt.StoragePool;
import org.tilemark.infra.platform.PlatformSettingException;

/**
 * What the section names must be there on every host before anything is defined: the pools backing
 * the datastores, the network or bridge, the base image. Each miss is bad input naming its key.
 */
final class ClusterCheck {

    private static final String SECTION = "cluster." + LibvirtPlatformProvider.NAME + ".";

    private ClusterCheck() {
    }

    static void check(LibvirtSettings settings, Collection<HostConnection> hosts) throws PlatformSettingException {
        for (HostConnection host : hosts) {
            for (var datastore : settings.pools().entrySet()) {
                activePool(host, datastore.getValue(), "pools." + datastore.getKey());
            }
            NicSource nic = NicSource.of(settings);
            if (nic.network().isPresent()) {
                network(host, nic.name());
            } else {
                bridge(host, nic.name());
            }
            StoragePool images = activePool(host, settings.baseImage().pool(), "baseImage.pool");
            try {
                images.refresh(0);
                images.storageVolLookupByName(settings.baseImage().volume());
            } catch (LibvirtException e) {
                throw new PlatformSettingException(SECTION + "baseImage.volume: no volume '" + settings.baseImage().volume()
                        + "' in pool '" + settings.baseImage().pool() + "' on host " + host.name()
                        + " (build the guest image with 'tilemark image build' and upload it there)");
            }
        }
    }

    static String message(LibvirtException e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message.strip();
    }

    private static StoragePool activePool(HostConnection host, String pool, String key) throws PlatformSettingException {
        try {
            StoragePool found = host.storagePoolLookupByName(pool);
            if (found.isActive() != 1) {
                throw new PlatformSettingException(SECTION + key + ": storage pool '" + pool + "' is not active on host " + host.name());
            }
            return found;
        } catch (LibvirtException e) {
            throw new PlatformSettingException(SECTION + key + ": no storage pool '" + pool + "' on host " + host.name());
        }
    }

    private static void network(HostConnection host, String name) throws PlatformSettingException {
        try {
            Network network = host.networkLookupByName(name);
            if (network.isActive() != 1) {
                throw new PlatformSettingException(SECTION + "network: network '" + name + "' is not active on host " + host.name());
            }
        } catch (LibvirtException e) {
            throw new PlatformSettingException(SECTION + "network: no network '" + name + "' on host " + host.name());
        }
    }

    /** A bridge the host has (its interface driver lists the host's devices); a host whose libvirt lists none is not asked. */
    private static void bridge(HostConnection host, String name) throws PlatformSettingException {
        try {
            host.interfaceLookupByName(name);
        } catch (LibvirtException e) {
            if (e.getError().getCode() == org.libvirt.Error.ErrorNumber.VIR_ERR_NO_INTERFACE) {
                throw new PlatformSettingException(SECTION + "bridge: no interface '" + name + "' on host " + host.name());
            }
        }
    }
}
