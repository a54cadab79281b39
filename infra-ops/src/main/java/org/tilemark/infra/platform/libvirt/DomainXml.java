package org.tilemark.infra.platform.libvirt;

import org.tilemark.templates.VmSize;

/**
 * The domain definition of one VM: sized from the role catalog, its disk and NoCloud seed on virtio,
 * one virtio NIC on the cluster's network or bridge, the serial console into a file (where the guest prints its
 * readiness report), and the Tilemark tag in {@code <metadata>}. A guest that panics tells QEMU through its
 * pvpanic device (libvirt: a CRASHED event, then {@code on_crash}); one that arms its i6300esb watchdog and
 * then hangs is paused by it (a SUSPENDED event, detail WATCHDOG): {@link StopEvents} reports both.
 */
record DomainXml(TilemarkTag tag, VmSize size, DomainType type, String diskPath, String diskFormat, String seedPath,
                 String consolePath, NicSource nic, String mac) {

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /** A locally administered address in QEMU's range, random so VMs of concurrent runs do not collide. */
    static String randomMac() {
        return "52:54:00:%02x:%02x:%02x".formatted(RANDOM.nextInt(256), RANDOM.nextInt(256), RANDOM.nextInt(256));
    }

    String xml() {
        return """
                <domain type='%s'>
                  <name>%s</name>
                  <metadata><%s:%s xmlns:%s='%s' %s/></metadata>
                  <memory unit='MiB'>%d</memory>
                  <vcpu>%d</vcpu>
                  <os><type arch='x86_64' machine='pc'>hvm</type><boot dev='hd'/></os>
                  <features><acpi/></features>
                  %s
                  <on_poweroff>destroy</on_poweroff>
                  <on_reboot>restart</on_reboot>
                  <on_crash>destroy</on_crash>
                  <devices>
                    <disk type='file' device='disk'>
                      <driver name='qemu' type='%s' cache='none'/>
                      <source file='%s'/>
                      <target dev='vda' bus='virtio'/>
                    </disk>
                    <disk type='file' device='disk'>
                      <driver name='qemu' type='raw'/>
                      <source file='%s'/>
                      <target dev='vdb' bus='virtio'/>
                      <readonly/>
                      <shareable/>
                    </disk>
                    <interface type='%s'>
                      <mac address='%s'/>
                      <source %s='%s'/>
                      <model type='virtio'/>
                    </interface>
                    <serial type='file'>
                      <source path='%s' append='off'/>
                      <target port='0'/>
                    </serial>
                    <panic model='isa'/>
                    <watchdog model='i6300esb' action='pause'/>
                    <memballoon model='virtio'>
                      <stats period='%d'/>
                    </memballoon>
                  </devices>
                </domain>
                """.formatted(SettingValues.key(type), Xml.attribute(tag.domainName()), TilemarkTag.PREFIX, TilemarkTag.ELEMENT,
                TilemarkTag.PREFIX, TilemarkTag.NAMESPACE, tagAttributes(), size.memoryMb(), size.vcpus(),
                // KVM hosts of one cluster share a CPU model; under emulation QEMU's own model migrates anywhere.
                type == DomainType.KVM ? "<cpu mode='host-model'/>" : "", diskFormat, Xml.attribute(diskPath), Xml.attribute(seedPath),
                nic.type(), mac, nic.type(), Xml.attribute(nic.name()), Xml.attribute(consolePath), GuestMemory.STATS_PERIOD_SECONDS);
    }

    private String tagAttributes() {
        String element = tag.metadataXml();
        // "<vm a='..' .../>" -> "a='..' ..."
        return element.substring(element.indexOf(' ') + 1, element.length() - 2);
    }
}
