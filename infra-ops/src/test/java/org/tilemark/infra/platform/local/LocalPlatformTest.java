package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.infra.platform.Migration;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.config.ClusterSpec;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;
import org.tilemark.templates.VmSize;
import org.tilemark.templates.guest.GuestDocumentFile;

/** The local platform end to end, with {@link EchoGuest} as the guest executable. */
class LocalPlatformTest {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final RoleTemplate ROLE = new RoleTemplate("echo", new VmSize(1, 128, 1));
    /** A modelled disk copy at this pace takes milliseconds: the tests wait for guests, not for accounting. */
    private static final double FAST_STORAGE_MBPS = 1 << 20;
    private static final RoleTemplate STATELESS = new RoleTemplate("echo", "echo", new VmSize(1, 128, 1),
            List.of(RoleTemplate.MAIN_PORT), true, true);

    @TempDir
    Path tmp;

    private Platform platform;

    @BeforeEach
    void createPlatform() throws Exception {
        platform = new LocalPlatform(settings(), CLUSTER.bindAddress(), EchoGuest.class.getName());
    }

    @AfterEach
    void stopEverything() {
        platform.close();
        // Whatever a failed assertion left running goes too.
        ProcessSweeper.stop(ProcessSweeper.find(tmp), Duration.ofSeconds(5));
    }

    @Test
    void templateDeployPowerOnCrashRestartAndDestroy() throws Exception {
        Template template = platform.ensureTemplate(templateRequest());
        assertThat(template.builtNow()).isTrue();
        assertThat(tmp.resolve("local/templates").resolve(template.cacheKey()).resolve("disk").resolve(EchoGuest.DISK_FILE))
                .hasBinaryContent(EchoGuest.DISK_CONTENT);
        Template again = platform.ensureTemplate(templateRequest());
        assertThat(again.builtNow()).isFalse();
        assertThat(again.cacheKey()).isEqualTo(template.cacheKey());
        assertThat(platform.leftovers(null)).isEmpty();

        Vm vm = platform.deploy(spec("tile1-echo", "run-a", template, Map.of("echo.greeting", "hi")));
        Path vmDir = tmp.resolve("app/run-a/tile1-echo");
        assertThat(vmDir.resolve("disk").resolve(EchoGuest.DISK_FILE)).hasBinaryContent(EchoGuest.DISK_CONTENT);
        // The guest config holds the secret, so only its owner may read it.
        Path config = vmDir.resolve(GuestDocumentFile.CONFIG.fileName());
        assertThat(GuestDocumentFile.CONFIG.read(config)).satisfies(c -> {
            assertThat(c.settings()).containsEntry("echo.greeting", "hi");
            assertThat(c.vmName()).isEqualTo("tile1-echo");
            assertThat(c.tile()).isEqualTo(1);
            assertThat(c.runId()).isEqualTo("run-a");
            assertThat(c.bindAddress()).isEqualTo("127.0.0.1");
            assertThat(c.secrets()).containsEntry("ECHO_SECRET", "s3cret-value");
        });
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(config))).isEqualTo("rw-------");
        assertThat(platform.state(vm)).isEqualTo(VmState.DEPLOYED);
        assertThat(platform.leftovers("run-a")).containsExactly("run-a/tile1-echo");

        BlockingQueue<String> unexpected = new ArrayBlockingQueue<>(10);
        platform.onUnexpectedStop((stopped, cause) -> unexpected.add(stopped.name() + ": " + cause));
        platform.powerOn(vm, READY_TIMEOUT);
        assertThat(platform.state(vm)).isEqualTo(VmState.RUNNING);
        InetSocketAddress endpoint = platform.endpoint(vm);
        assertThat(endpoint.getAddress().getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(echo(endpoint, "ping")).containsExactly("tile1-echo", "ping");

        long firstPid = guestPid(vmDir);
        ProcessHandle.of(firstPid).orElseThrow().destroyForcibly();
        String event = unexpected.poll(30, TimeUnit.SECONDS);
        assertThat(event).startsWith("tile1-echo: ").contains("exit");
        assertThat(platform.state(vm)).isEqualTo(VmState.FAILED);

        // Powered on again, the guest listens on a new port behind the same endpoint.
        platform.powerOn(vm, READY_TIMEOUT);
        long secondPid = guestPid(vmDir);
        assertThat(secondPid).isNotEqualTo(firstPid);
        assertThat(platform.endpoint(vm)).isEqualTo(endpoint);
        assertThat(echo(endpoint, "again")).containsExactly("tile1-echo", "again");

        platform.powerOff(vm, Duration.ofSeconds(10));
        assertThat(platform.state(vm)).isEqualTo(VmState.STOPPED);
        assertThat(ProcessHandle.of(secondPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(ProcessSweeper.find(vmDir)).isEmpty();

        platform.destroy(vm);
        assertThat(platform.state(vm)).isEqualTo(VmState.DESTROYED);
        assertThat(vmDir).doesNotExist();
        assertThat(tmp.resolve("app/run-a")).doesNotExist();
        assertThat(platform.leftovers("run-a")).isEmpty();
        assertThat(Ports.refusedSoon(endpoint)).isTrue();
        // Only the kill was unexpected; power-off and destroy were asked for.
        assertThat(unexpected).isEmpty();
    }

    @Test
    void aGuestThatReportsFailureFailsItsPowerOnWithTheReasonAtOnce() throws Exception {
        Template template = platform.ensureTemplate(templateRequest());
        Vm vm = platform.deploy(spec("tile1-broken", "run-f", template, Map.of(EchoGuest.FAIL, "missing peer: tile1-db")));

        assertThatThrownBy(() -> platform.powerOn(vm, READY_TIMEOUT)).isInstanceOf(PlatformException.class)
                .hasMessageContaining("VM tile1-broken failed to start: missing peer: tile1-db");
        assertThat(platform.state(vm)).isNotEqualTo(VmState.RUNNING);
        platform.destroy(vm);
    }

    @Test
    void aGuestDeathIsReportedWhileTheCommonPoolIsBusy() throws Exception {
        // The harness may run its whole measurement on the common pool (tests do): the report of a
        // dead guest must not wait for that pool to come free.
        java.util.concurrent.atomic.AtomicBoolean hold = new java.util.concurrent.atomic.AtomicBoolean(true);
        int workers = java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1;
        List<java.util.concurrent.CompletableFuture<Void>> busy = new java.util.ArrayList<>();
        try {
            Template template = platform.ensureTemplate(templateRequest());
            Vm vm = platform.deploy(spec("tile1-echo", "run-c", template, Map.of()));
            BlockingQueue<String> unexpected = new ArrayBlockingQueue<>(10);
            platform.onUnexpectedStop((stopped, cause) -> unexpected.add(stopped.name() + ": " + cause));
            platform.powerOn(vm, READY_TIMEOUT);
            for (int i = 0; i < workers; i++) {
                busy.add(java.util.concurrent.CompletableFuture.runAsync(() -> {
                    while (hold.get()) {
                        sleepQuietly(50);
                    }
                }));
            }

            ProcessHandle.of(guestPid(tmp.resolve("app/run-c/tile1-echo"))).orElseThrow().destroyForcibly();

            assertThat(unexpected.poll(60, TimeUnit.SECONDS)).as("unexpected-stop event").startsWith("tile1-echo: ");
            assertThat(platform.state(vm)).isEqualTo(VmState.FAILED);
            platform.destroy(vm);
        } finally {
            hold.set(false);
            busy.forEach(java.util.concurrent.CompletableFuture::join);
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void cleanupAfterACrashedHarnessKillsGuestsAndDeletesTheirDirectories() throws Exception {
        Template template = platform.ensureTemplate(templateRequest());
        Vm first = platform.deploy(spec("tile1-a", "run-b", template, Map.of()));
        Vm second = platform.deploy(spec("tile1-b", "run-b", template, Map.of()));
        platform.powerOn(first, READY_TIMEOUT);
        platform.powerOn(second, READY_TIMEOUT);
        Path firstDir = tmp.resolve("app/run-b/tile1-a");
        Path secondDir = tmp.resolve("app/run-b/tile1-b");
        ProcessHandle firstGuest = ProcessHandle.of(guestPid(firstDir)).orElseThrow();
        ProcessHandle secondGuest = ProcessHandle.of(guestPid(secondDir)).orElseThrow();

        // As `tilemark cleanup` does after the harness died: a new platform over the same work directory.
        Platform afterCrash = new LocalPlatformProvider().create(settings(), CLUSTER);
        assertThat(afterCrash.leftovers("run-b")).containsExactlyInAnyOrder("run-b/tile1-a", "run-b/tile1-b");
        assertThat(afterCrash.leftovers("run-other")).isEmpty();

        List<String> removed = afterCrash.cleanup("run-b");

        assertThat(removed).hasSize(2).anySatisfy(r -> assertThat(r).startsWith("run-b/tile1-a (1 process"))
                .anySatisfy(r -> assertThat(r).startsWith("run-b/tile1-b (1 process"));
        assertThat(firstGuest.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
        assertThat(secondGuest.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
        assertThat(firstDir).doesNotExist();
        assertThat(secondDir).doesNotExist();
        assertThat(tmp.resolve("app/run-b")).doesNotExist();
        assertThat(afterCrash.leftovers("run-b")).isEmpty();
        assertThat(afterCrash.leftovers(null)).isEmpty();
        afterCrash.close();
    }

    @Test
    void vMotionCopiesTheMemoryAndStunsWithoutRestarting() throws Exception {
        Vm vm = runningVm("tile1-move", "run-m");
        long pid = guestPid(tmp.resolve("app/run-m/tile1-move"));

        Migration m = platform.migrate(vm, new Placement("host-1", "app"));

        assertThat(m.bytesMoved()).isGreaterThanOrEqualTo(128L << 20);
        assertThat(m.stun()).isPresent();
        assertThat(m.downtime()).isEmpty();
        assertThat(platform.placement(vm)).isEqualTo(new Placement("host-1", "app"));
        assertThat(guestPid(tmp.resolve("app/run-m/tile1-move"))).as("same guest process").isEqualTo(pid);
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).hasValue(true);
        assertThat(echo(platform.endpoint(vm), "after")).containsExactly("tile1-move", "after");
        platform.destroy(vm);
    }

    /**
     * A destroyed VM is powered off hard, as on libvirt and vSphere: its guest gets no orderly shutdown (a
     * database's shutdown checkpoint would load the VMs that keep running), while a power-off still gives one.
     */
    @Test
    void destroyKillsTheGuestWithoutAnOrderlyShutdownWherePowerOffGivesOne() throws Exception {
        Template template = platform.ensureTemplate(templateRequest());
        Path stoppedMarker = tmp.resolve("stopped-in-order");
        Vm stopped = platform.deploy(spec("tile1-stop", "run-k", template, Map.of(EchoGuest.SHUTDOWN_MARKER, stoppedMarker.toString())));
        Path destroyedMarker = tmp.resolve("destroyed-in-order");
        Vm destroyed = platform.deploy(spec("tile1-kill", "run-k", template, Map.of(EchoGuest.SHUTDOWN_MARKER, destroyedMarker.toString())));
        platform.powerOn(stopped, READY_TIMEOUT);
        platform.powerOn(destroyed, READY_TIMEOUT);
        long destroyedPid = guestPid(tmp.resolve("app/run-k/tile1-kill"));

        platform.powerOff(stopped, Duration.ofSeconds(10));
        platform.destroy(destroyed);

        assertThat(stoppedMarker).hasContent("tile1-stop");
        assertThat(destroyedMarker).doesNotExist();
        assertThat(ProcessHandle.of(destroyedPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(tmp.resolve("app/run-k/tile1-kill")).doesNotExist();
        assertThat(platform.state(destroyed)).isEqualTo(VmState.DESTROYED);
        platform.destroy(stopped);
    }

    /** Issue 16: a vMotion of a guest that is gone fails with the reason instead of reporting a stun. */
    @Test
    void aVMotionOfAGuestThatIsGoneFailsWithTheReason() throws Exception {
        Vm vm = runningVm("tile1-gone", "run-g");
        ProcessHandle guest = ProcessHandle.of(guestPid(tmp.resolve("app/run-g/tile1-gone"))).orElseThrow();
        guest.destroyForcibly();
        guest.onExit().join();

        assertThatThrownBy(() -> platform.migrate(vm, new Placement("host-1", "app")))
                .isInstanceOf(org.tilemark.infra.platform.PlatformException.class)
                .hasMessageContaining("tile1-gone")
                .hasMessageMatching(".*(the guest is gone|not running).*");
        platform.destroy(vm);
    }

    @Test
    void storageVMotionMovesTheDiskAndTheGuestServesFromTheTarget() throws Exception {
        Vm vm = runningVm("tile1-disk", "run-s");
        InetSocketAddress endpoint = platform.endpoint(vm);

        Migration m = platform.migrate(vm, new Placement("host-0", "maintenance"));

        Path moved = tmp.resolve("maint/run-s/tile1-disk");
        assertThat(moved.resolve("disk").resolve(EchoGuest.DISK_FILE)).hasBinaryContent(EchoGuest.DISK_CONTENT);
        assertThat(tmp.resolve("app/run-s")).doesNotExist();
        assertThat(m.bytesMoved()).isGreaterThanOrEqualTo(EchoGuest.DISK_CONTENT.length);
        assertThat(m.downtime()).isPresent();
        assertThat(platform.placement(vm)).isEqualTo(new Placement("host-0", "maintenance"));
        assertThat(platform.endpoint(vm)).isEqualTo(endpoint);
        assertThat(echo(endpoint, "moved")).containsExactly("tile1-disk", "moved");
        assertThat(ProcessSweeper.find(moved)).hasSize(1);

        platform.destroy(vm);
        assertThat(tmp.resolve("maint/run-s")).doesNotExist();
    }

    /**
     * Issue 19: a guest that writes nothing to its disk keeps running while Storage vMotion and XvMotion
     * move its files (the datastores share a file system here), as a hypervisor's guest does; its console
     * follows it, later moves still find its processes, and cleanup after a crash still stops it.
     */
    @Test
    void storageMovesOfAStatelessGuestKeepItRunning() throws Exception {
        Template template = platform.ensureTemplate(templateRequest());
        VmSpec stateless = new VmSpec("tile1-web", "run-w", 1, template, STATELESS, "host-0", "app", Map.of(),
                Map.of("ECHO_SECRET", "s3cret-value"));
        Vm vm = platform.deploy(stateless);
        platform.powerOn(vm, READY_TIMEOUT);
        Path started = tmp.resolve("app/run-w/tile1-web");
        long pid = guestPid(started);

        Migration storage = platform.migrate(vm, new Placement("host-0", "maintenance"));
        Path moved = tmp.resolve("maint/run-w/tile1-web");
        assertThat(storage.downtime()).as("no restart").isEmpty();
        assertThat(storage.moved()).isEqualTo(Migration.MODELLED_DISK);
        assertThat(storage.bytesMoved()).as("the role's configured disk").isEqualTo(1L << 30);
        assertThat(started).doesNotExist();
        assertThat(moved.resolve("disk").resolve(EchoGuest.DISK_FILE)).hasBinaryContent(EchoGuest.DISK_CONTENT);
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).hasValue(true);
        assertThat(Files.isSameFile(moved.resolve("console.log"), Path.of("/proc/" + pid + "/fd/1")))
                .as("the guest's output goes to the console in its new directory").isTrue();
        assertThat(echo(platform.endpoint(vm), "moved")).containsExactly("tile1-web", "moved");
        assertThat(platform.leftovers("run-w")).containsExactlyInAnyOrder("run-w/tile1-web", "run-w/tile1-web.guest");

        // XvMotion back: memory and disk, a stun, the same process, pinned on the other host.
        Migration cross = platform.migrate(vm, new Placement("host-1", "app"));
        assertThat(cross.stun()).isPresent();
        assertThat(cross.downtime()).isEmpty();
        assertThat(cross.moved()).isEqualTo(Migration.MODELLED_MEMORY_AND_DISK);
        assertThat(cross.bytesMoved()).as("the configured disk and memory, at least").isGreaterThanOrEqualTo((1L << 30) + (128L << 20));
        assertThat(moved).doesNotExist();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).hasValue(true);
        assertThat(echo(platform.endpoint(vm), "back")).containsExactly("tile1-web", "back");
        assertThat(platform.leftovers("run-w")).as("the guest runs from its VM's directory again").containsExactly("run-w/tile1-web");

        // Once more away, then the harness dies: cleanup stops the guest it can no longer find by its VM's directory.
        platform.migrate(vm, new Placement("host-1", "maintenance"));
        Platform afterCrash = new LocalPlatformProvider().create(settings(), CLUSTER);
        List<String> removed = afterCrash.cleanup("run-w");
        assertThat(removed).anySatisfy(r -> assertThat(r).startsWith("run-w/tile1-web.guest (1 process"));
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).as("cleanup waits for the guest's exit").isNotEqualTo(Optional.of(true));
        assertThat(tmp.resolve("maint/run-w")).doesNotExist();
        assertThat(afterCrash.leftovers("run-w")).isEmpty();
        afterCrash.close();
    }

    @Test
    void aStorageVMotionToAnUnwritableDatastoreFailsAndLeavesTheVmWhereItRan() throws Exception {
        Vm vm = runningVm("tile1-stay", "run-u");
        Path maintenance = tmp.resolve("maint");
        org.junit.jupiter.api.Assumptions.assumeTrue(chattr("+i", maintenance), "chattr +i works here");
        try {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> platform.migrate(vm, new Placement("host-1", "maintenance")))
                    .isInstanceOf(org.tilemark.infra.platform.PlatformException.class)
                    .hasMessageContaining("XvMotion of tile1-stay");
        } finally {
            chattr("-i", maintenance);
        }
        try (var left = Files.list(maintenance)) {
            assertThat(left.toList()).as("nothing half-copied").isEmpty();
        }
        assertThat(platform.placement(vm)).isEqualTo(new Placement("host-0", "app"));
        assertThat(platform.state(vm)).isEqualTo(VmState.RUNNING);
        assertThat(echo(platform.endpoint(vm), "still")).containsExactly("tile1-stay", "still");
        assertThat(platform.leftovers("run-u")).containsExactly("run-u/tile1-stay");
        platform.destroy(vm);
    }

    private Vm runningVm(String name, String runId) throws Exception {
        Template template = platform.ensureTemplate(templateRequest());
        Vm vm = platform.deploy(spec(name, runId, template, Map.of()));
        platform.powerOn(vm, READY_TIMEOUT);
        return vm;
    }

    private static boolean chattr(String flag, Path dir) throws Exception {
        try {
            return new ProcessBuilder("chattr", flag, dir.toString()).redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static final ClusterSpec CLUSTER = new ClusterSpec(LocalPlatformProvider.NAME, "127.0.0.1", null);

    private LocalSettings settings() {
        return new LocalSettings(2, Map.of("app", tmp.resolve("app"), "maintenance", tmp.resolve("maint")),
                tmp, false, 32, 10, FAST_STORAGE_MBPS, 0);
    }

    private static TemplateRequest templateRequest() {
        Map<String, String> buildInfo = Map.of("echo.size", "tiny");
        return new TemplateRequest(ROLE, new TemplateId(ROLE.role(), buildInfo), buildInfo, Map.of(), Duration.ofSeconds(60));
    }

    private static VmSpec spec(String name, String runId, Template template, Map<String, String> guestInfo) {
        return new VmSpec(name, runId, 1, template, ROLE, "host-0", "app", guestInfo, Map.of("ECHO_SECRET", "s3cret-value"));
    }

    private static long guestPid(Path vmDir) throws IOException {
        return GuestDocumentFile.READINESS.read(vmDir.resolve(GuestDocumentFile.READINESS.fileName())).processId().orElseThrow();
    }

    /** Connects through the endpoint, reads the guest's greeting, sends a line and reads its echo. */
    static List<String> echo(InetSocketAddress endpoint, String line) throws IOException {
        try (Socket socket = new Socket(endpoint.getAddress(), endpoint.getPort())) {
            socket.setSoTimeout(10_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String greeting = in.readLine();
            socket.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
            return List.of(greeting, in.readLine());
        }
    }
}
