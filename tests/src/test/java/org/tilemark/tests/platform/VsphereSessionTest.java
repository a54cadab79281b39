package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;
import org.tilemark.tests.lanes.VcsimLane;

/**
 * The vSphere platform's session against vcsim, as an administrator acts on it with govc: the session ended
 * with {@code govc session.rm} while a power-on is under way (vcsim's method delay holds the PowerOnVM_Task call
 * 3 s: vcsim delays calls, not tasks) is replaced by a new login, the power-on completes, and the event watch goes
 * on in the new session; tasks are followed with {@code WaitForUpdatesEx} (vcsim's SOAP trace). Following a task
 * that runs, and its cancelling, is {@code VsphereGuestReadinessTest}'s (infra-ops).
 */
@VcsimLane // waits on vcsim, beside the local runs
class VsphereSessionTest {

    private static final Path DIR = Path.of("target", "vsphere-session").toAbsolutePath();
    private static final String PASSWORD = "Vcsim-Session-" + Long.toHexString(System.nanoTime());
    private static final Path TRACE = DIR.resolve("vcsim-soap.trace");
    private static final RoleTemplate STANDBY = RoleCatalog.forRole("standby");
    private static VcsimServer vcsim;

    @BeforeAll
    static void startVcsim() throws Exception {
        vcsim = VcsimServer.start(DIR.resolve("vcsim"), PASSWORD, 2,
                List.of("-method-delay", "PowerOnVM_Task:3000", "-trace", "-trace-file", TRACE.toString()));
    }

    @AfterAll
    static void stopVcsim() throws Exception {
        if (vcsim != null) {
            vcsim.close();
        }
    }

    @Test
    void aSessionAnAdministratorEndsMidTaskIsReplacedAndTheTaskAndEventWatchGoOn() throws Exception {
        String runId = "session-" + Long.toHexString(System.nanoTime());
        try (Platform platform = connect()) {
            LinkedBlockingQueue<String> stops = new LinkedBlockingQueue<>();
            platform.onUnexpectedStop((vm, cause) -> stops.add(vm.name() + ": " + cause));
            Vm vm = deploy(platform, runId, "kept");
            List<String> first = tilemarkSessions();
            assertThat(first).as("Tilemark's session, as govc session.ls lists it").hasSize(1);

            CompletableFuture<Void> powerOn = CompletableFuture.runAsync(() -> {
                try {
                    platform.powerOn(vm, Duration.ofMinutes(1));
                } catch (PlatformException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(1000); // the power-on task is running (3 s) and followed
            first.forEach(key -> run("session.rm", key));
            powerOn.get(1, TimeUnit.MINUTES);
            assertThat(platform.state(vm)).isEqualTo(VmState.RUNNING);

            List<String> second = tilemarkSessions();
            assertThat(second).as("a new session").hasSize(1).doesNotContainAnyElementsOf(first);

            // The event watch's collector went with the first session: the stop is read in the second.
            run("vm.power", "-off", "-force", "tm-" + runId + "-kept");
            assertThat(stops.poll(1, TimeUnit.MINUTES)).as("the stop reported").startsWith("kept: ").contains("VmPoweredOffEvent");
            assertThat(platform.leftovers(runId)).containsExactly("tm-" + runId + "-kept");
        } finally {
            try (Platform cleaner = connect()) {
                cleaner.cleanup(runId);
            }
        }
        String trace = Files.readString(TRACE);
        assertThat(trace).as("tasks followed by the PropertyCollector").contains("WaitForUpdatesEx").contains("CreatePropertyCollector");
    }

    private static Platform connect() throws Exception {
        return Platforms.create(ConfigLoader.load(Optional.empty(), vcsim.clusterSettings(DIR)).cluster());
    }

    private static Vm deploy(Platform platform, String runId, String name) throws Exception {
        var template = platform.ensureTemplate(new TemplateRequest(STANDBY, new TemplateId(STANDBY.role(), Map.of()), Map.of(), Map.of(),
                Duration.ofMinutes(1)));
        return platform.deploy(new VmSpec(name, runId, 1, template, STANDBY, platform.inventory().hosts().getFirst().name(), "app",
                Map.of(), Map.of()));
    }

    /** The keys of the sessions vCenter lists with Tilemark's user agent. */
    private static List<String> tilemarkSessions() throws Exception {
        JsonNode sessions = new ObjectMapper().readTree(run("session.ls", "-json")).path("sessionList");
        List<String> keys = new ArrayList<>();
        sessions.forEach(session -> {
            if (session.path("userAgent").asText().equals("tilemark")) {
                keys.add(session.path("key").asText());
            }
        });
        return keys;
    }

    private static String run(String... args) {
        try {
            return vcsim.govc(args);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
