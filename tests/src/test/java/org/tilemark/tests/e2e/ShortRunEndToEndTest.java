package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.verify.BundleVerifier;

/**
 * A short 1-tile run on the local platform, start to finish, checked through its results bundle. Its verdict may be
 * non-compliant only by a latency over its limit ({@link E2e#assertCompliantButForLatency}).
 */
class ShortRunEndToEndTest {

    @Test
    void oneTileRunDrivesItsTargetAndLeavesNothingBehind() throws Exception {
        var spec = E2e.spec(E2e.settings("e2e-short"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        RunOutcome outcome = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of()).run(spec);
        String printed = console.toString(StandardCharsets.UTF_8);

        E2e.assertCompliantButForLatency(outcome, printed);
        assertThat(printed).containsPattern("Score: \\d+\\.\\d\\d @ 1 tile \\((compliant|non-compliant)\\)");

        Path bundle = outcome.bundle();
        for (String file : List.of("run.json", "intervals.jsonl", "score.json", "report.html", "MANIFEST.sha256",
                "histograms/tile1-dvdstore.hlog", "charts/tile1-dvdstore-throughput.png")) {
            assertThat(bundle.resolve(file)).as(file).isNotEmptyFile();
        }
        assertThat(Manifest.verify(bundle)).isEmpty();

        JsonNode score = E2e.json(bundle.resolve("score.json"));
        assertThat(score.get("phases")).hasSize(2);
        // infra.enabled=false (E2e's setting): the application score alone, the median of the phases'.
        assertThat(score.get("applicationOnly").asBoolean()).isTrue();
        assertThat(score.get("infrastructure").isNull()).isTrue();
        assertThat(bundle.resolve("infra-ops.jsonl")).doesNotExist();
        double medianOfTwo = (score.get("phases").get(0).get("application").asDouble()
                + score.get("phases").get(1).get("application").asDouble()) / 2;
        assertThat(score.get("score").asDouble()).isCloseTo(medianOfTwo, org.assertj.core.data.Offset.offset(0.002));
        double orders = 40 * 60.0 / 4; // users x orders per user-minute
        assertThat(meanThroughput(score, "dvdstore")).as("orders/min vs target %s", orders).isBetween(orders * 0.9, orders * 1.1);
        double actions = 778.5; // mail: users x tasks per day x acceleration / minutes per day
        assertThat(meanThroughput(score, "mail")).as("mail actions/min vs target %s", actions).isBetween(actions * 0.8, actions * 1.2);
        assertThat(meanThroughput(score, "standby")).as("beats/min").isBetween(50.0, 70.0);
        assertThat(meanThroughput(score, "olio")).as("Olio ops/s vs target 5").isBetween(3.75, 6.25);
        // Every order a purchase page confirmed was looked up in the database once the load stopped.
        assertThat(score.get("audits")).singleElement().satisfies(audit -> {
            assertThat(audit.get("workload").asText()).isEqualTo("dvdstore");
            assertThat(audit.get("checked").asLong()).as("orders confirmed").isPositive();
            assertThat(audit.get("missing").asLong()).isZero();
        });
        assertThat(printed).containsPattern("\\[audit\\] tile 1 dvdstore: \\d+ committed orders, every one found");

        List<JsonNode> intervals = E2e.intervals(bundle);
        assertThat(intervals).hasSize(6 * 4); // (2 warm-up + 2 x 2 measured intervals) x 4 workloads
        assertThat(operationCounts(intervals, "dvdstore")).containsKeys("login", "newCustomer", "newMember", "browse",
                "browseReviews", "getReviews", "newReview", "helpfulness", "purchase", "order").allSatisfy((op, n) -> assertThat(n).as(op).isPositive());
        // The MMB profile: no logon or search actions (weight 0).
        assertThat(operationCounts(intervals, "mail")).containsKeys("send", "read", "move", "delete", "browse",
                "delivery").allSatisfy((op, n) -> assertThat(n).as(op).isPositive());
        // The rare operations (AddPerson 0.8 %) may not occur in ~250 operations; the common ones must.
        assertThat(operationCounts(intervals, "olio")).containsKeys("HomePage", "Login", "TagSearch", "EventDetail")
                .allSatisfy((op, n) -> assertThat(n).as(op).isPositive());

        JsonNode run = E2e.json(bundle.resolve("run.json"));
        assertThat(run.get("inventory").get("vms")).hasSize(8); // db, 3 web, mail, olio-web, olio-db, standby
        assertThat(run.get("publishable").asBoolean()).isFalse();
        // The mail VM says what served: Postfix and Dovecot, or the GreenMail stand-in (where they could not run or did not
        // start: under this test's local platform Postfix's master exits 1 without a word, docs/workloads.md).
        JsonNode mailVm = java.util.stream.StreamSupport.stream(run.get("inventory").get("vms").spliterator(), false)
                .filter(vm -> vm.get("role").asText().equals("mail")).findFirst().orElseThrow();
        assertThat(mailVm.at("/server/name").asText()).isIn("Postfix and Dovecot", "GreenMail (stand-in)");
        assertThat(mailVm.at("/server/standIn").asBoolean()).isEqualTo(mailVm.at("/server/name").asText().contains("stand-in"));
        System.out.println("e2e-short: the mail VM served with " + mailVm.at("/server/name").asText());
        // The Olio web VM says which cache it ran: its own memcached, or the in-process stand-in where it is not installed.
        JsonNode olioWeb = java.util.stream.StreamSupport.stream(run.get("inventory").get("vms").spliterator(), false)
                .filter(vm -> vm.get("role").asText().equals("olio-web")).findFirst().orElseThrow();
        assertThat(olioWeb.at("/server/name").asText()).isIn("memcached", "in-process map cache (stand-in for memcached)");
        assertThat(olioWeb.at("/server/standIn").asBoolean()).isEqualTo(!java.nio.file.Files.isExecutable(
                java.nio.file.Path.of("/usr/bin/memcached")));
        assertThat(run.at("/format/version").asInt()).isEqualTo(3);
        // What the live run wrote, tilemark verify recomputes to the same numbers.
        assertThat(BundleVerifier.verify(bundle, java.util.Optional.empty()).line())
                .startsWith("verified: ").endsWith("bundle format tilemark-bundle version 3");
        String password = passwordOnDisk("dvdstore-db-password");
        String mailPassword = passwordOnDisk("mail-password");
        try (var files = Files.walk(bundle)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)).as(file.toString())
                        .doesNotContain(password).doesNotContain(mailPassword);
            }
        }
        assertThat(printed).doesNotContain(password).doesNotContain(mailPassword);

        assertThat(E2e.processesUnder(E2e.WORK.resolve("datastores"))).as("guest processes left").isEmpty();
        assertThat(E2e.WORK.resolve("datastores/app").resolve(bundle.getFileName())).doesNotExist();
    }

    private static double meanThroughput(JsonNode score, String workload) {
        double sum = 0;
        int n = 0;
        for (JsonNode phase : score.get("phases")) {
            for (JsonNode w : phase.get("tiles").get(0).get("workloads")) {
                if (w.get("workload").asText().equals(workload)) {
                    sum += w.get("throughput").asDouble();
                    n++;
                }
            }
        }
        assertThat(n).as("phases with workload " + workload).isEqualTo(2);
        return sum / n;
    }

    private static Map<String, Long> operationCounts(List<JsonNode> intervals, String workload) {
        Map<String, Long> counts = new HashMap<>();
        for (JsonNode line : intervals) {
            if (line.get("workload").asText().equals(workload)) {
                line.get("operations").properties().forEach(op -> counts.merge(op.getKey(), op.getValue().get("count").asLong(), Long::sum));
            }
        }
        return counts;
    }

    private static String passwordOnDisk(String name) throws Exception {
        return Files.readString(E2e.WORK.resolve("secrets").resolve(name)).trim();
    }
}
