package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.templates.RoleCatalog;

/**
 * Infrastructure operations beside a running tile: every type completes in every phase and is
 * scored (and when a datastore turns read-only mid-run: {@link InfraReadOnlyDatastoreEndToEndTest}).
 */
class InfraOperationsEndToEndTest {

    @Test
    void everyOperationTypeCompletesInEveryPhaseAndTheScoreWeighsThem() throws Exception {
        Map<String, String> settings = infraSettings("e2e-infra", "2", "60s");
        Run run = start(settings);
        RunOutcome outcome = run.finish();

        E2e.assertCompliantButForLatency(outcome, run.printed());
        assertThat(run.printed()).containsPattern("Score: [0-9.]+ @ 1 tile \\(app [0-9.]+, infra [0-9.]+\\), (compliant|non-compliant)");
        JsonNode score = E2e.json(outcome.bundle().resolve("score.json"));
        assertThat(score.get("applicationOnly").asBoolean()).isFalse();
        assertThat(score.get("infrastructure").asDouble()).isPositive();
        List<JsonNode> ops = E2e.jsonLines(outcome.bundle().resolve("infra-ops.jsonl"));
        for (int phase = 1; phase <= 2; phase++) {
            for (String type : List.of("vmotion", "storage-vmotion", "xvmotion", "deploy")) {
                int p = phase;
                assertThat(ops).as("a %s completed in phase %d", type, phase).anySatisfy(op -> {
                    assertThat(op.get("operation").asText()).isEqualTo(type);
                    assertThat(op.get("phase").asInt()).isEqualTo(p);
                    assertThat(op.get("outcome").asText()).isEqualTo("succeeded");
                });
            }
        }
        for (JsonNode op : ops) {
            if (op.get("operation").asText().equals("vmotion")) {
                long memory = (long) RoleCatalog.forRole(op.get("role").asText()).size().memoryMb() << 20;
                assertThat(op.get("bytesMoved").asLong()).as("bytes moved by %s", op).isGreaterThanOrEqualTo(memory);
                assertThat(op.get("stunMs").isNumber()).isTrue();
            }
        }
        assertThat(Files.readString(outcome.bundle().resolve("report.html"))).contains("Infrastructure operations");
        assertThat(outcome.bundle().resolve("charts/infra-timeline.png")).isRegularFile();
    }

    /** The e2e run with every infrastructure operation type, and DVD Store and mail at the default run's rate. */
    static Map<String, String> infraSettings(String results, String phases, String phaseDuration) {
        Map<String, String> s = E2e.settings(results);
        s.put("infra.enabled", "true");
        s.put("run.phases", phases);
        s.put("run.phaseDuration", phaseDuration);
        s.put("infra.pause", "10s");
        // A 5 s job instead of the default 20 s, so that a Deploy ends in each phase. 40 s is PhaseFit's shortest phase
        // for it (5 s job + 25 s overhead + 10 s pause), but since the cloned database fsyncs and boots with a cold
        // cache a Deploy took 27.5 s here quiet and 43.2 s under load (phase 2 then had none): the test's phases are 60 s.
        s.put("infra.deploy.jobDuration", "5s");
        // Olio's JMeter engine stays out and DVD Store runs at its default rate (the other e2e tests
        // double it): two cores carry the tile and the operations, as in the default run.
        s.put("workloads.olio.enabled", "false");
        s.put("workloads.dvdstore.webServers", "1"); // the operations are the point: two fewer guests to start
        s.put("workloads.dvdstore.users", "30");
        s.put("workloads.dvdstore.thinkTime", "6s");
        s.put("workloads.dvdstore.referenceOrdersPerMinute", "300");
        s.put("workloads.mail.acceleration", "30");
        s.put("workloads.mail.referenceActionsPerMinute", "194.625");
        // The real mail server (Postfix and Dovecot, since their log socket's path was fixed) restarts on the copy at
        // each move of the mail VM, and a 30 s phase has ~100 sends: the few during a move decide the p95. A fresh
        // clone's suite measured send p95 512.8 and 552.6 ms against 500 ms; this test checks the operations.
        s.put("workloads.mail.qos.limits.send", "1s");
        return s;
    }

    private record Run(CompletableFuture<RunOutcome> future, ByteArrayOutputStream console) {
        RunOutcome finish() throws Exception {
            return future.get(6, TimeUnit.MINUTES);
        }

        String printed() {
            return console.toString(StandardCharsets.UTF_8);
        }
    }

    private static Run start(Map<String, String> settings) throws Exception {
        var spec = E2e.spec(settings);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunOrchestrator orchestrator = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of());
        return new Run(CompletableFuture.supplyAsync(() -> orchestrator.run(spec)), console);
    }
}
