package org.tilemark.infra.ops;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Migration;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmListener;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;

/** Records placements and how many migrations overlap; migrations take {@code delay}. Unit tests only. */
final class FakePlatform implements Platform {

    private final Duration delay;
    private final Map<String, Placement> placements = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger max = new AtomicInteger();
    private volatile String failure;

    FakePlatform(Duration delay) {
        this.delay = delay;
    }

    void place(Vm vm, Placement at) {
        placements.put(vm.name(), at);
    }

    void failWith(String message) {
        failure = message;
    }

    int concurrentMax() {
        return max.get();
    }

    @Override
    public Migration migrate(Vm vm, Placement target) throws PlatformException {
        max.accumulateAndGet(running.incrementAndGet(), Math::max);
        try {
            Thread.sleep(delay.toMillis());
            if (failure != null) {
                throw new PlatformException(failure);
            }
            Placement from = placements.put(vm.name(), target);
            return new Migration(from, target, 1 << 20, java.util.Optional.of(Duration.ofMillis(5)), java.util.Optional.empty(),
                    Migration.MODELLED_MEMORY);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlatformException("interrupted", e);
        } finally {
            running.decrementAndGet();
        }
    }

    @Override
    public Placement placement(Vm vm) {
        return placements.get(vm.name());
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.allOf(Capability.class);
    }

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public boolean publishable() {
        return false;
    }

    @Override
    public Inventory inventory() {
        return new Inventory(List.of(new Inventory.Host("host-0", 1), new Inventory.Host("host-1", 1)), List.of());
    }

    @Override
    public Template ensureTemplate(TemplateRequest request) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Vm deploy(VmSpec spec) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void powerOn(Vm vm, Duration timeout) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void powerOff(Vm vm, Duration grace) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void destroy(Vm vm) {
        throw new UnsupportedOperationException();
    }

    @Override
    public InetSocketAddress endpoint(Vm vm) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Map<String, InetSocketAddress> endpoints(Vm vm) {
        throw new UnsupportedOperationException();
    }

    @Override
    public VmState state(Vm vm) {
        return VmState.RUNNING;
    }

    @Override
    public List<String> leftovers(String runId) {
        return List.of();
    }

    @Override
    public List<String> cleanup(String runId) {
        return List.of();
    }

    @Override
    public java.util.Optional<Duration> cpuBusy(Set<String> hosts) {
        return java.util.Optional.empty();
    }

    @Override
    public Duration createAndDeleteDisk(String datastore, String name, long bytes) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void onUnexpectedStop(VmListener listener) {
    }

    @Override
    public void close() {
    }
}
