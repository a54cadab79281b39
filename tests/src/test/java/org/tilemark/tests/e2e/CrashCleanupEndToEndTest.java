package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.ReadinessReport;
import org.tilemark.tests.lanes.ChildRunLane;
import org.tilemark.tests.lanes.TestLanes;

/**
 * kill -9 of the harness mid-run, then {@code tilemark cleanup --run}: no guest process, port or disk of that run remains.
 * Both are processes of their own at the lowest CPU priority, beside the local runs ({@link ChildRunLane}).
 */
@ChildRunLane
class CrashCleanupEndToEndTest {

    @Test
    void cleanupRemovesEverythingACrashedRunLeft() throws Exception {
        Map<String, String> settings = E2e.settings("e2e-crash");
        Path datastores = E2e.ownDatastores(settings, "e2e-crash-datastores");
        try (ChildRun run = ChildRun.start(settings)) {
            assertThat(run.awaitPrinted("[measure]")).as("the run reached measurement; it printed:%n%s", run.printed()).isTrue();
            run.kill();
        }

        assertThat(E2e.processesUnder(datastores)).as("guests outlive the killed harness").isNotEmpty();
        List<Integer> ports = guestPorts(Path.of(settings.get("cluster.local.datastores.app")));
        assertThat(ports).hasSize(9); // db, 3 web, mail (smtp and imap), olio-db, olio-web, standby

        // The run's own id: the local runs beside this class share the VM registry, and plain cleanup refuses while they run.
        String runId;
        try (var runs = Files.list(Path.of(settings.get("cluster.local.datastores.app")))) {
            runId = runs.map(run -> run.getFileName().toString()).toList().getFirst();
        }
        Process cleanup = new ProcessBuilder(TestLanes.lowPriority(TestLanes.harness(List.of("cleanup", "--run", runId), settings)))
                .redirectErrorStream(true).start();
        String output = new String(cleanup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(cleanup.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(cleanup.exitValue()).as(output).isZero();
        assertThat(output).contains("cleaned up 8 VM(s)");

        assertThat(E2e.processesUnder(datastores)).as("processes after cleanup; it printed:%n%s", output).isEmpty();
        try (var runs = Files.list(Path.of(settings.get("cluster.local.datastores.app")))) {
            assertThat(runs.toList()).as("VM directories after cleanup").isEmpty();
        }
        for (int port : ports) {
            assertThat(listening(port)).as("port " + port).isFalse();
        }
    }

    /** The ports the guests serve on, from their readiness reports. */
    private static List<Integer> guestPorts(Path datastore) throws IOException {
        GuestDocumentFile<ReadinessReport> readiness = GuestDocumentFile.READINESS;
        List<Integer> ports = new ArrayList<>();
        try (var files = Files.walk(datastore)) {
            for (Path ready : files.filter(p -> p.getFileName().toString().equals(readiness.fileName())).toList()) {
                ports.addAll(readiness.read(ready).ports().values());
            }
        }
        return ports;
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (ConnectException refused) {
            return false;
        } catch (IOException other) {
            return false;
        }
    }
}
