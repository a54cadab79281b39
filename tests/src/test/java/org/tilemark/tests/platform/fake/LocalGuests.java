package org.tilemark.tests.platform.fake;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmListener;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.fake.Guests;
import org.tilemark.templates.image.GuestImage;

/**
 * The fake platform's guests: each a local guest (the real guest executable, as the local platform starts it),
 * made and run through a local platform connection's public SPI. The fake keeps its VMs' placements and states;
 * only the guests live here, so a migration on the fake moves nothing underneath and the guest serves on.
 */
final class LocalGuests implements Guests {

    private final Platform local;
    /** The local VM behind each of the fake's VMs this connection made, by name. */
    private final Map<String, Vm> made = new ConcurrentHashMap<>();

    LocalGuests(Platform local) {
        this.local = local;
    }

    @Override
    public Template ensureTemplate(TemplateRequest request) throws PlatformException {
        return local.ensureTemplate(request);
    }

    @Override
    public void create(VmSpec spec) throws PlatformException {
        made.put(spec.name(), local.deploy(spec));
    }

    @Override
    public Map<String, InetSocketAddress> start(Vm vm, Duration timeout) throws PlatformException {
        Vm guest = guest(vm);
        local.powerOn(guest, timeout);
        return local.endpoints(guest);
    }

    @Override
    public void stop(Vm vm, Duration grace) throws PlatformException {
        local.powerOff(guest(vm), grace);
    }

    @Override
    public void remove(Vm vm) throws PlatformException {
        Vm guest = made.remove(vm.name());
        if (guest != null) {
            local.destroy(guest);
        }
    }

    @Override
    public List<String> removeAll(String runId) throws PlatformException {
        made.values().removeIf(vm -> runId == null || vm.runId().equals(runId));
        return local.cleanup(runId);
    }

    @Override
    public void onUnexpectedStop(VmListener listener) {
        local.onUnexpectedStop(listener);
    }

    @Override
    public Optional<GuestImage> image(Vm vm) {
        Vm guest = made.get(vm.name());
        return guest == null ? Optional.empty() : local.guestImage(guest);
    }

    @Override
    public void close() {
        local.close();
    }

    private Vm guest(Vm vm) throws PlatformException {
        Vm guest = made.get(vm.name());
        if (guest == null) {
            throw new PlatformException("VM " + vm.name() + " has no guest on this connection");
        }
        return guest;
    }
}
