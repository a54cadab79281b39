package org.tilemark.infra.platform.libvirt;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The libvirt platform's section, {@code cluster.libvirt}.
 *
 * @param hosts       host name (as placements name it) to its libvirt URI, e.g. {@code qemu+ssh://kvm-a/system}
 * @param pools       datastore name to the libvirt storage pool backing it; must name the harness's
 *                    {@code app} and {@code maintenance}, and every host must see the same pools (shared
 *                    storage, e.g. NFS) for live migration
 * @param network     the libvirt network every host defines under this name (one L2 segment), which VMs' NICs join
 *                    unless {@code bridge} is set
 * @param bridge      a bridge every host already has under this name, on the cluster's L2 segment (e.g. {@code br0}
 *                    on the hosts' NIC): VMs' NICs join it directly and take their addresses from the segment's own
 *                    DHCP server; blank: use {@code network}
 * @param baseImage   the guest image volume ({@code tilemark image build}) VMs are cloned from
 * @param domainType  libvirt's domain type: {@code kvm} (hardware virtualization) or {@code qemu} (software
 *                    emulation, TCG: for hosts without usable KVM; far slower, and such runs are not publishable)
 * @param cloneMode   {@code linked} (a qcow2 overlay whose backing file is the base image) or {@code full} (a copy)
 * @param unsafeMigration let libvirt migrate although it cannot tell the pools are shared (it recognizes NFS,
 *                        GlusterFS, Ceph and the like; a directory two daemons on one machine share is not
 *                        one of them): for such test pairs only
 * @param migration   the live migrations' stream: a URI template per destination host and a bandwidth cap
 * @param credentials for URIs that ask for a user name and password (e.g. SASL over qemu+tcp); ssh URIs use
 *                    ssh keys instead
 */
record LibvirtSettings(Map<String, String> hosts, Map<String, String> pools, String network, String bridge, BaseImage baseImage,
                       String domainType, String cloneMode, boolean unsafeMigration, Migration migration,
                       Credentials credentials) {

    LibvirtSettings {
        bridge = bridge == null ? "" : bridge.strip();
        migration = migration == null ? new Migration("", 0) : migration;
        hosts = Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
        pools = Collections.unmodifiableMap(new LinkedHashMap<>(pools));
    }

    /**
     * @param pool   the storage pool holding the image (any pool every host sees)
     * @param volume the image's volume name in that pool
     */
    record BaseImage(String pool, String volume) {
    }

    /**
     * @param uri            where the destination takes QEMU's migration stream, e.g. {@code tcp://{host}-mig} (a
     *                       migration network) or {@code tcp://{address}:49152}; {@code {host}} is the destination's
     *                       name here, {@code {address}} the server part of its libvirt URI; blank: libvirt's choice
     * @param bandwidthMiBps a cap on the stream in MiB/s; 0: none
     */
    record Migration(String uri, long bandwidthMiBps) {

        Migration {
            uri = uri == null ? "" : uri.strip();
        }
    }

    /**
     * Never the password itself: where to read it when connecting. A blank value means not used.
     *
     * @param username     the user name libvirt asks for
     * @param passwordEnv  environment variable holding the password
     * @param passwordFile file holding the password (wins over the environment)
     */
    record Credentials(String username, String passwordEnv, String passwordFile) {
    }

    static LibvirtSettings defaults() {
        Map<String, String> pools = new LinkedHashMap<>();
        pools.put("app", "tilemark-app");
        pools.put("maintenance", "tilemark-maintenance");
        // No default host: a run on libvirt names its hosts, and a default would stay merged into any list given.
        return new LibvirtSettings(Map.of(), pools, "tilemark", "", new BaseImage("tilemark-app", "tilemark-guest.qcow2"),
                SettingValues.key(DomainType.KVM), SettingValues.key(CloneMode.LINKED), false, new Migration("", 0), new Credentials("", "TILEMARK_LIBVIRT_PASSWORD", ""));
    }
}
