package org.tilemark.infra.ops;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.Vm;

/**
 * Clones the deploy template onto the next host and the maintenance datastore, customizes it
 * (name), powers it on, waits for its guest, runs the job in it, powers it off and destroys it. A
 * failure at any step still destroys what was created.
 */
public final class Deploy implements InfraOperation {

    public static final String NAME = InfraOperationType.DEPLOY.id();

    private final Platform platform;
    private final DeployTarget target;
    private final List<String> hosts;
    private final Duration bootTimeout;
    private final AtomicInteger sequence = new AtomicInteger();

    public Deploy(Platform platform, DeployTarget target, List<String> hosts, Duration bootTimeout) {
        this.platform = platform;
        this.target = target;
        this.hosts = List.copyOf(hosts);
        this.bootTimeout = bootTimeout;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<OperationRecord> runOnce(int block) throws InterruptedException {
        int n = sequence.incrementAndGet();
        String name = "deploy-b" + block + "-" + n;
        Placement where = new Placement(hosts.get((n - 1) % hosts.size()), Migrations.MAINTENANCE);
        Instant start = Instant.now();
        Vm vm = null;
        Optional<String> error = Optional.empty();
        long copied = 0;
        try {
            Template template = target.template();
            vm = platform.deploy(target.vm(name, template, where));
            copied = platform.deployedBytes(vm).orElse(0);
            platform.powerOn(vm, bootTimeout);
            target.runJob(platform.endpoints(vm));
            platform.powerOff(vm, Duration.ofSeconds(30));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            error = Optional.of(Migrations.oneLine(e));
        } finally {
            if (vm != null) {
                try {
                    platform.destroy(vm);
                } catch (PlatformException e) {
                    error = Optional.of(error.map(first -> first + "; ").orElse("") + "destroy: " + Migrations.oneLine(e));
                }
            }
        }
        return Optional.of(new OperationRecord(NAME, block, name, "deploy", 0, where, where, start, Instant.now(), copied,
                copied > 0 ? Optional.of(OperationRecord.TEMPLATE_COPY) : Optional.empty(), Optional.empty(), Optional.empty(),
                java.util.OptionalLong.empty(), error));
    }
}
