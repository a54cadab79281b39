package org.tilemark.infra.platform.libvirt;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.libvirt.Connect;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;
import org.tilemark.infra.platform.CarriedCounters;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmResourceMeter;
import org.tilemark.infra.platform.VmResources;

/**
 * The libvirt platform's measure of a VM: its domain's statistics on the host it runs on now ({@link DomainCounters}).
 * A domain's counters start over on the host a live migration took it to, and when it restarts: each host and domain
 * id is one part of the VM's counters, so the VM's totals carry on across moves.
 */
final class LibvirtResourceMeter implements VmResourceMeter {

    /** The VM's domain name and the host it runs on now, by VM name; null for a VM this platform does not hold. */
    record Located(String domainName, String host) {
    }

    private final Function<String, Located> vms;
    private final Function<String, ? extends Connect> hosts;
    private final CarriedCounters carried = new CarriedCounters();

    LibvirtResourceMeter(Function<String, Located> vms, Function<String, ? extends Connect> hosts) {
        this.vms = vms;
        this.hosts = hosts;
    }

    /** The meter of {@code vms}, each read on the host of {@code hosts} it runs on now. */
    static LibvirtResourceMeter of(Map<String, LibvirtVm> vms, Map<String, ? extends Connect> hosts) {
        return new LibvirtResourceMeter(name -> {
            LibvirtVm vm = vms.get(name);
            return vm == null ? null : new Located(vm.tag().domainName(), vm.placement().host());
        }, hosts::get);
    }

    @Override
    public String source() {
        return "libvirt domain stats (virDomainGetInfo cpuTime, virDomainBlockStats, virDomainInterfaceStats, "
                + "virDomainMemoryStats rss)";
    }

    @Override
    public Map<String, String> notMeasured() {
        return Map.of();
    }

    @Override
    public Map<String, VmResources> read(Collection<Vm> wanted) {
        Map<String, VmResources> read = new LinkedHashMap<>();
        for (Vm vm : wanted) {
            Located located = vms.apply(vm.name());
            Connect host = located == null ? null : hosts.apply(located.host());
            if (host == null) {
                continue;
            }
            try {
                Domain domain = host.domainLookupByName(located.domainName());
                if (domain.isActive() != 1) {
                    continue;
                }
                VmResources now = DomainCounters.read(domain);
                read.put(vm.name(), carried.total(vm.name(), Map.of(located.host() + "#" + domain.getID(), now)));
            } catch (LibvirtException e) {
                // Not there now (mid-migration, stopped): no reading for it this time.
            }
        }
        return read;
    }
}
