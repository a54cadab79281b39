package org.tilemark.infra.platform.libvirt;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;
import org.libvirt.event.CrashedDetail;
import org.libvirt.event.DomainEvent;
import org.libvirt.event.DomainEventType;
import org.libvirt.event.LifecycleListener;
import org.libvirt.event.StoppedDetail;
import org.libvirt.event.SuspendedDetail;
import org.tilemark.infra.platform.VmListener;

/**
 * Turns libvirt's domain lifecycle events into unexpected stops: a domain of a VM the platform did not
 * stop that stopped (other than by migrating away) or crashed (its guest panicked: the pvpanic device),
 * or that its watchdog paused (its guest hung: the i6300esb device); and a lost host into a stop of
 * every VM it held.
 */
final class StopEvents {

    private final Collection<LibvirtVm> vms;
    private final List<VmListener> listeners = new CopyOnWriteArrayList<>();
    /** One instance, kept referenced, so libvirt's callback into it stays valid while registered. */
    private final LifecycleListener listener = (domain, event) -> {
        lifecycle(domain, event);
        return 0;
    };

    StopEvents(Collection<LibvirtVm> vms) {
        this.vms = vms;
    }

    void add(VmListener listener) {
        listeners.add(listener);
    }

    void listenTo(HostConnection host) throws LibvirtException {
        host.addLifecycleListener(listener);
    }

    /**
     * Must precede closing the connection: libvirt's event loop would otherwise call into a listener
     * of a closed connection (seen here: the JVM crashed in the event loop thread).
     */
    void stopListening(HostConnection host) {
        try {
            host.removeLifecycleListener(listener);
        } catch (LibvirtException e) {
            // the connection is already gone, and its registration with it
        }
    }

    /** Every VM {@code host} held is out of reach: each is reported stopped, with {@code why} (which names the host). */
    void hostLost(String host, String why) {
        for (LibvirtVm vm : vms) {
            if (vm.placement().host().equals(host) && !vm.failed()) {
                vm.failedUnexpectedly();
                listeners.forEach(listener -> listener.stoppedUnexpectedly(vm.vm(), why));
            }
        }
    }

    private void lifecycle(Domain domain, DomainEvent event) {
        boolean stopped = event.getType() == DomainEventType.STOPPED && event.getDetail() != StoppedDetail.MIGRATED;
        boolean hung = event.getType() == DomainEventType.SUSPENDED && event.getDetail() == SuspendedDetail.WATCHDOG;
        if (!stopped && !hung && event.getType() != DomainEventType.CRASHED) {
            return;
        }
        try {
            String name = domain.getName();
            if (!hung && domain.isActive() == 1) {
                // Running again: the event, delivered late, is of a boot before the platform's latest power-on.
                return;
            }
            for (LibvirtVm vm : vms) {
                if (vm.tag().domainName().equals(name) && !vm.stopExpected() && !vm.failed()) {
                    vm.failedUnexpectedly();
                    String cause = "domain " + name + " " + event.getType().name().toLowerCase(Locale.ROOT) + " (" + event.getDetail() + ")"
                            + (hung ? ": its watchdog fired, the guest hung" : "")
                            + (event.getDetail() == StoppedDetail.CRASHED || event.getDetail() == CrashedDetail.PANICKED ? ": the guest panicked" : "");
                    listeners.forEach(listener -> listener.stoppedUnexpectedly(vm.vm(), cause));
                }
            }
        } catch (LibvirtException e) {
            // a domain already gone: it was not one the run still expects to run
        }
    }
}
