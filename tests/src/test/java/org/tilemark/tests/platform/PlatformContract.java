package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Migration;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.TemplateId;

/**
 * What every platform must do for the harness, checked through the Platform SPI alone on a real
 * {@code standby} guest (the smallest role: it answers {@code GET /heartbeat}). A provider joins by
 * adding one test class that extends this one: the settings selecting it, and how to stop a guest
 * behind the platform's back. Each concern has its own test, booting its own VM; a platform whose
 * boots take minutes (software emulation) says so ({@link #bootsAreSlow()}) and is held to the same
 * checks by {@link #everyStepOnTwoVms()} alone, which runs for every platform.
 */
public abstract class PlatformContract {

    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    private static final RoleTemplate STANDBY = RoleCatalog.forRole("standby");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    protected Platform platform;
    private BenchmarkSpec spec;
    private String runId;

    /**
     * The configuration overrides that select the provider and set its section, e.g.
     * {@code cluster.platform=local} and {@code cluster.local.workDir=...}.
     *
     * @param workDir a directory of the test's own, kept between the tests of a class
     */
    protected abstract Map<String, String> settings(Path workDir);

    /** Makes the VM's guest stop without the platform asking it to, as a crash or a kill from outside would. */
    protected abstract void crash(Vm vm) throws Exception;

    /** How long a VM may take to boot and report ready (a guest under software emulation takes minutes). */
    protected Duration bootTimeout() {
        return TIMEOUT;
    }

    /**
     * True where a boot takes minutes: the per-concern tests are skipped and {@link #everyStepOnTwoVms()}
     * (three boots, two of them at once) checks the same contract.
     */
    protected boolean bootsAreSlow() {
        return false;
    }

    /** True where the platform reports a guest's memory in use with each migration that moves its memory. */
    protected boolean reportsGuestMemoryInUse() {
        return false;
    }

    /** The SHA-256 of the guest manifest of the image the VMs boot, where the test knows it (its guests must report it). */
    protected Optional<String> expectedGuestManifestSha256() {
        return Optional.empty();
    }

    /** True where VMs boot the guest image: their guests must report the image (run.json discloses it). */
    protected boolean bootsTheGuestImage() {
        return false;
    }

    /**
     * Whether the platform's VMs boot a guest that serves (false for a simulator such as vcsim, whose VMs
     * run nothing): then what needs a serving guest (heartbeats, endpoints) is not checked, and
     * everything the platform itself does (placement, state, migration, leftovers) still is.
     */
    protected boolean guestsServe() {
        return true;
    }

    /**
     * A connection to the platform the settings select, as the harness makes it; a test double that is no
     * registered provider (the unit tests' in-memory fake) returns one of its own, each a new connection to
     * the same cluster.
     */
    protected Platform connect(BenchmarkSpec settings) throws PlatformException {
        return Platforms.create(settings.cluster());
    }

    /** How long one request to a guest may take (under software emulation a guest's first answer takes seconds). */
    protected Duration requestTimeout() {
        return Duration.ofSeconds(10);
    }

    @BeforeEach
    void connect() throws Exception {
        Path workDir = Path.of("target", "platform-contract", getClass().getSimpleName()).toAbsolutePath();
        spec = ConfigLoader.load(Optional.empty(), settings(workDir));
        platform = connect(spec);
        runId = "contract-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @AfterEach
    void removeEverything() throws PlatformException {
        try {
            platform.cleanup(runId);
            assertThat(platform.leftovers(runId)).as("left after cleanup").isEmpty();
        } finally {
            platform.close();
        }
    }

    @Test
    void inventoryNamesHostsWithCoresAndTheHarnessDatastores() {
        Inventory inventory = platform.inventory();

        assertThat(inventory.hosts()).isNotEmpty().allSatisfy(host -> assertThat(host.cores()).isPositive())
                .allSatisfy(host -> assertThat(host.threads()).as("hardware threads of " + host.name()).isGreaterThanOrEqualTo(host.cores()));
        assertThat(inventory.datastores()).extracting(Inventory.Datastore::name).containsAll(ClusterSpec.DATASTORES);
        assertThat(platform.name()).isEqualTo(spec.cluster().platform());
    }

    @Test
    void deployPowerOnServePowerOffAndDestroy() throws Exception {
        assumeFalse(bootsAreSlow(), "boots take minutes here: everyStepOnTwoVms checks this");
        String host = platform.inventory().hosts().getFirst().name();
        Vm vm = deploy("contract-standby", host);
        assertThat(platform.state(vm)).isEqualTo(VmState.DEPLOYED);
        assertThat(platform.placement(vm)).isEqualTo(new Placement(host, ClusterSpec.APP_DATASTORE));
        assertThat(platform.leftovers(runId)).singleElement().asString().contains(vm.name());

        platform.powerOn(vm, bootTimeout());
        assertThat(platform.state(vm)).isEqualTo(VmState.RUNNING);
        if (guestsServe()) {
            assertThat(platform.endpoints(vm)).containsValue(platform.endpoint(vm));
            assertThat(beat(platform.endpoint(vm))).startsWith("beat ");
        }

        platform.powerOff(vm, Duration.ofSeconds(10));
        assertThat(platform.state(vm)).isEqualTo(VmState.STOPPED);
        platform.powerOn(vm, bootTimeout());
        assertThat(platform.state(vm)).isEqualTo(VmState.RUNNING);
        if (guestsServe()) {
            assertThat(beat(platform.endpoint(vm))).as("served again after a power cycle").startsWith("beat ");
        }

        platform.destroy(vm);
        assertThat(platform.state(vm)).isEqualTo(VmState.DESTROYED);
        assertThat(platform.leftovers(runId)).isEmpty();
    }

    @Test
    void everyClaimedMigrationMovesTheVmAndKeepsItsEndpoint() throws Exception {
        assumeFalse(bootsAreSlow(), "boots take minutes here: everyStepOnTwoVms checks this");
        List<Inventory.Host> hosts = platform.inventory().hosts();
        Vm vm = deploy("contract-moved", hosts.getFirst().name());
        platform.powerOn(vm, bootTimeout());
        InetSocketAddress endpoint = guestsServe() ? platform.endpoint(vm) : null;

        for (Capability capability : platform.capabilities()) {
            Placement from = platform.placement(vm);
            Placement target = target(capability, from, hosts);
            Migration migration = platform.migrate(vm, target);

            assertThat(migration.from()).as(capability.name()).isEqualTo(from);
            assertThat(migration.to()).as(capability.name()).isEqualTo(target);
            assertThat(platform.placement(vm)).as(capability.name()).isEqualTo(target);
            assertThat(platform.state(vm)).as(capability.name()).isEqualTo(VmState.RUNNING);
            if (guestsServe()) {
                assertThat(platform.endpoint(vm)).as(capability.name() + ": the endpoint does not move").isEqualTo(endpoint);
                assertThat(beat(endpoint)).as(capability.name() + ": served after the move").startsWith("beat ");
            }
        }
    }

    @Test
    void aMigrationToAnUnknownPlaceFailsAndLeavesTheVmServingWhereItWas() throws Exception {
        assumeFalse(bootsAreSlow(), "boots take minutes here: everyStepOnTwoVms checks this");
        Vm vm = deploy("contract-stays", platform.inventory().hosts().getFirst().name());
        platform.powerOn(vm, bootTimeout());
        Placement before = platform.placement(vm);

        assertThatThrownBy(() -> platform.migrate(vm, before.onDatastore("no-such-datastore")))
                .isInstanceOf(PlatformException.class);

        assertThat(platform.placement(vm)).isEqualTo(before);
        assertThat(platform.state(vm)).isEqualTo(VmState.RUNNING);
        if (guestsServe()) {
            assertThat(beat(platform.endpoint(vm))).startsWith("beat ");
        }
    }

    @Test
    void anotherConnectionFindsAndCleansUpWhatARunLeft() throws Exception {
        assumeFalse(bootsAreSlow(), "boots take minutes here: everyStepOnTwoVms checks this");
        Vm vm = deploy("contract-left", platform.inventory().hosts().getFirst().name());
        platform.powerOn(vm, bootTimeout());
        InetSocketAddress endpoint = guestsServe() ? platform.endpoint(vm) : null;

        // As after a harness killed mid-run: a new connection, from the same settings, knows nothing of the VM.
        try (Platform later = connect(spec)) {
            assertThat(later.leftovers(runId)).singleElement().asString().contains(vm.name());
            assertThat(later.cleanup(runId)).singleElement().asString().contains(vm.name());
            assertThat(later.leftovers(runId)).isEmpty();
        }
        if (guestsServe()) {
            assertThatThrownBy(() -> beat(endpoint)).as("nothing serves after cleanup").isInstanceOf(IOException.class);
        }
    }

    @Test
    void aGuestThatStopsUnaskedIsReported() throws Exception {
        assumeFalse(bootsAreSlow(), "boots take minutes here: everyStepOnTwoVms checks this");
        Vm vm = deploy("contract-crashed", platform.inventory().hosts().getFirst().name());
        CompletableFuture<String> reported = new CompletableFuture<>();
        platform.onUnexpectedStop((stopped, cause) -> {
            if (stopped.name().equals(vm.name())) {
                reported.complete(cause);
            }
        });
        platform.powerOn(vm, bootTimeout());

        crash(vm);

        assertThat(reported.get(1, TimeUnit.MINUTES)).isNotBlank();
        assertThat(platform.state(vm)).isIn(VmState.FAILED, VmState.STOPPED);
    }

    @Test
    void aPlannedPowerOffIsNoUnexpectedStop() throws Exception {
        assumeFalse(bootsAreSlow(), "boots take minutes here: everyStepOnTwoVms checks this");
        Vm vm = deploy("contract-planned", platform.inventory().hosts().getFirst().name());
        CompletableFuture<String> reported = new CompletableFuture<>();
        platform.onUnexpectedStop((stopped, cause) -> reported.complete(stopped.name()));
        platform.powerOn(vm, bootTimeout());

        platform.powerOff(vm, Duration.ofSeconds(10));
        platform.destroy(vm);

        // Any report would come as the guest exits, which powerOff waited for; give a slow watcher a moment.
        Thread.sleep(1000);
        assertThat(reported).isNotDone();
    }

    /**
     * The whole contract on two VMs: one lives through deploy, power-on, every claimed migration, a
     * refused one, a planned power-off (no unexpected stop), a second power-on, and a cleanup from
     * another connection while it runs (a harness killed mid-run); the other boots beside it, stops
     * behind the platform's back (reported) and is destroyed.
     */
    @Test
    void everyStepOnTwoVms() throws Exception {
        List<Inventory.Host> hosts = platform.inventory().hosts();
        String host = hosts.getFirst().name();
        Vm life = deploy("contract-life", host);
        Vm crashing = deploy("contract-crash", host);
        assertThat(platform.state(life)).isEqualTo(VmState.DEPLOYED);
        assertThat(platform.placement(life)).isEqualTo(new Placement(host, ClusterSpec.APP_DATASTORE));
        assertThat(platform.leftovers(runId)).hasSize(2);
        Queue<String> unexpected = new ConcurrentLinkedQueue<>();
        CompletableFuture<String> crashReported = new CompletableFuture<>();
        platform.onUnexpectedStop((stopped, cause) -> {
            unexpected.add(stopped.name());
            if (stopped.name().equals(crashing.name())) {
                crashReported.complete(cause);
            }
        });

        CompletableFuture<Void> crashingUp = CompletableFuture.runAsync(() -> powerOn(crashing));
        powerOn(life);
        crashingUp.get(bootTimeout().toMinutes() + 1, TimeUnit.MINUTES);
        assertThat(platform.state(life)).isEqualTo(VmState.RUNNING);
        InetSocketAddress endpoint = guestsServe() ? platform.endpoint(life) : null;
        serves(life, endpoint, "after power-on");
        if (bootsTheGuestImage()) {
            assertThat(platform.guestImage(life)).as("the image the guest reported").hasValueSatisfying(image -> {
                assertThat(image.manifestSha256()).hasSize(64);
                expectedGuestManifestSha256().ifPresent(expected -> assertThat(image.manifestSha256()).isEqualTo(expected));
            });
        }

        crash(crashing);
        assertThat(crashReported.get(1, TimeUnit.MINUTES)).isNotBlank();
        assertThat(platform.state(crashing)).isIn(VmState.FAILED, VmState.STOPPED);
        platform.destroy(crashing);
        assertThat(platform.state(crashing)).isEqualTo(VmState.DESTROYED);

        for (Capability capability : platform.capabilities()) {
            Placement from = platform.placement(life);
            Placement target = target(capability, from, hosts);
            Migration migration = platform.migrate(life, target);
            assertThat(migration.from()).as(capability.name()).isEqualTo(from);
            assertThat(platform.placement(life)).as(capability.name()).isEqualTo(target);
            if (reportsGuestMemoryInUse() && !migration.moved().equals(Migration.DISK_COPY)) {
                assertThat(migration.guestMemoryInUse()).as("%s: the guest's memory in use", capability.name()).isPresent();
                System.out.printf("%s of %s: %d bytes moved, guest's memory in use %d bytes%n", capability.name(), life.name(),
                        migration.bytesMoved(), migration.guestMemoryInUse().getAsLong());
                assertThat(migration.bytesMoved()).as("%s moved at least the guest's memory in use", capability.name())
                        .isGreaterThanOrEqualTo(migration.guestMemoryInUse().getAsLong());
            }
            serves(life, endpoint, "after " + capability.name() + " (the endpoint does not move)");
        }
        Placement before = platform.placement(life);
        assertThatThrownBy(() -> platform.migrate(life, before.onDatastore("no-such-datastore"))).isInstanceOf(PlatformException.class);
        assertThat(platform.placement(life)).isEqualTo(before);
        serves(life, endpoint, "after a refused move");

        platform.powerOff(life, Duration.ofSeconds(10));
        assertThat(platform.state(life)).isEqualTo(VmState.STOPPED);
        platform.powerOn(life, bootTimeout());
        InetSocketAddress again = guestsServe() ? platform.endpoint(life) : null;
        serves(life, again, "after a power cycle");
        Thread.sleep(1000); // a slow watcher's report of the planned stop would be in by now
        assertThat(unexpected).as("only the crashed VM stopped unexpectedly").containsExactly(crashing.name());

        try (Platform later = connect(spec)) {
            assertThat(later.leftovers(runId)).singleElement().asString().contains(life.name());
            assertThat(later.cleanup(runId)).singleElement().asString().contains(life.name());
            assertThat(later.leftovers(runId)).isEmpty();
        }
        if (guestsServe()) {
            assertThatThrownBy(() -> beat(again)).as("nothing serves after cleanup").isInstanceOf(IOException.class);
        }
    }

    /** The VM runs and, where guests serve, answers its heartbeat at {@code endpoint}, which it still has. */
    private void serves(Vm vm, InetSocketAddress endpoint, String when) throws IOException, InterruptedException {
        assertThat(platform.state(vm)).as("running " + when).isEqualTo(VmState.RUNNING);
        if (guestsServe()) {
            assertThat(platform.endpoints(vm)).as("endpoint " + when).containsValue(endpoint);
            assertThat(platform.endpoint(vm)).as("endpoint " + when).isEqualTo(endpoint);
            assertThat(beat(endpoint)).as("served " + when).startsWith("beat ");
        }
    }

    private void powerOn(Vm vm) {
        try {
            platform.powerOn(vm, bootTimeout());
        } catch (PlatformException e) {
            throw new CompletionException(e);
        }
    }

    private Vm deploy(String name, String host) throws PlatformException {
        Template template = platform.ensureTemplate(new TemplateRequest(STANDBY, new TemplateId(STANDBY.role(), Map.of()),
                Map.of(), Map.of(), bootTimeout()));
        return platform.deploy(new VmSpec(name, runId, 1, template, STANDBY, host, ClusterSpec.APP_DATASTORE,
                Map.of(), Map.of()));
    }

    private static Placement target(Capability capability, Placement from, List<Inventory.Host> hosts) {
        return switch (capability) {
            case LIVE_MIGRATION -> from.onHost(otherHost(hosts, from.host()));
            case STORAGE_MIGRATION -> from.onDatastore(otherDatastore(from.datastore()));
            case CROSS_MIGRATION -> new Placement(otherHost(hosts, from.host()), otherDatastore(from.datastore()));
        };
    }

    private static String otherHost(List<Inventory.Host> hosts, String current) {
        return hosts.stream().map(Inventory.Host::name).filter(name -> !name.equals(current)).findFirst()
                .orElseThrow(() -> new AssertionError("a platform claiming live migration needs two hosts in its test settings"));
    }

    private static String otherDatastore(String current) {
        return current.equals(ClusterSpec.APP_DATASTORE) ? ClusterSpec.MAINTENANCE_DATASTORE : ClusterSpec.APP_DATASTORE;
    }

    private String beat(InetSocketAddress endpoint) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                        URI.create("http://" + endpoint.getHostString() + ":" + endpoint.getPort() + "/heartbeat"))
                .timeout(requestTimeout()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }
}
