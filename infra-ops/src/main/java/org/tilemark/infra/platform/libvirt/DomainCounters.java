package org.tilemark.infra.platform.libvirt;

import org.libvirt.Domain;
import org.libvirt.DomainBlockStats;
import org.libvirt.DomainInterfaceStats;
import org.libvirt.LibvirtException;
import org.libvirt.MemoryStatistic;
import org.tilemark.infra.platform.VmResources;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * A running domain's counters as its host's libvirt reports them since the domain started there: CPU time
 * ({@code virDomainGetInfo}), each disk's read and write requests and bytes ({@code virDomainBlockStats}, every
 * {@code <disk device='disk'>} target, the NoCloud volume included), each interface's bytes
 * ({@code virDomainInterfaceStats}, every {@code <interface>} target), and the memory its QEMU process holds on the
 * host (the {@code rss} of {@code virDomainMemoryStats}; the domain's current memory where the driver gives no rss).
 */
final class DomainCounters {

    /** virDomainMemoryStatTags: VIR_DOMAIN_MEMORY_STAT_RSS, in KiB. */
    private static final int RSS = 7;
    private static final int ALL_TAGS = 13;

    private DomainCounters() {
    }

    static VmResources read(Domain domain) throws LibvirtException {
        Document xml = Xml.parse(domain.getXMLDesc(0));
        long readOps = 0;
        long readBytes = 0;
        long writeOps = 0;
        long writeBytes = 0;
        for (Element disk : Xml.elements(xml, "disk")) {
            String target = target(disk);
            if (!"disk".equals(disk.getAttribute("device")) || target == null) {
                continue;
            }
            DomainBlockStats stats = domain.blockStats(target);
            readOps += stats.rd_req;
            readBytes += stats.rd_bytes;
            writeOps += stats.wr_req;
            writeBytes += stats.wr_bytes;
        }
        long received = 0;
        long sent = 0;
        for (Element nic : Xml.elements(xml, "interface")) {
            String target = target(nic);
            if (target != null) {
                DomainInterfaceStats stats = domain.interfaceStats(target);
                received += stats.rx_bytes;
                sent += stats.tx_bytes;
            }
        }
        return new VmResources(domain.getInfo().cpuTime, memoryBytes(domain), readOps, readBytes, writeOps, writeBytes, received, sent);
    }

    private static long memoryBytes(Domain domain) throws LibvirtException {
        try {
            for (MemoryStatistic stat : domain.memoryStats(ALL_TAGS)) {
                if (stat.getTag() == RSS) {
                    return stat.getValue() * 1024;
                }
            }
        } catch (LibvirtException e) {
            // A driver without memory statistics: the domain's current memory below.
        }
        return domain.getInfo().memory * 1024;
    }

    private static String target(Element device) {
        for (Element child : children(device, "target")) {
            String dev = child.getAttribute("dev");
            return dev.isEmpty() ? null : dev;
        }
        return null;
    }

    private static java.util.List<Element> children(Element parent, String tag) {
        java.util.List<Element> found = new java.util.ArrayList<>();
        for (org.w3c.dom.Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) {
                found.add(e);
            }
        }
        return found;
    }
}
