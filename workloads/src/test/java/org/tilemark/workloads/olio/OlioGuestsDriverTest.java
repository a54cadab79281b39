package org.tilemark.workloads.olio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.IntervalSnapshot;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.workloads.olio.db.OlioDbRole;
import org.tilemark.workloads.olio.web.OlioWebRole;
import org.junit.jupiter.api.parallel.Isolated;

/** The driver against the real Olio guests (olio-db with 100 users behind olio-web): the contract end to end. */
@Isolated // its load must show every operation in a few seconds
class OlioGuestsDriverTest {

    private static final String PASSWORD = "driver-0lio-Secret";

    @Test
    void everyOperationSucceedsAgainstTheRealGuests(@TempDir Path root) throws Exception {
        Map<String, String> secrets = Map.of(OlioWorkload.PASSWORD_VARIABLE, PASSWORD);
        GuestContext dbContext = new GuestContext(root.resolve("db"), Map.of("olio.loadedUsers", "100", "olio.seed", "5"), secrets);
        OlioDbRole dbRole = new OlioDbRole();
        dbRole.buildTemplate(dbContext);
        try (RunningGuest database = dbRole.start(dbContext)) {
            GuestContext webContext = new GuestContext(root.resolve("web"), Map.of(
                    "olio.db.url", "jdbc:postgresql://127.0.0.1:" + database.port() + "/olio", "olio.db.pool", "4",
                    "olio.loadedUsers", "100"), secrets);
            new OlioWebRole().buildTemplate(webContext);
            try (RunningGuest web = new OlioWebRole().start(webContext)) {
                BenchmarkSpec spec = OlioWorkloadTest.spec(Map.of("workloads.olio.users", "4",
                        "workloads.olio.minLoadedUsers", "100", "workloads.olio.loadedUsersPerUser", "1",
                        "workloads.olio.cycleTime", "40ms", "workloads.olio.requestTimeout", "10s"));
                WorkloadDriver driver = new OlioWorkload().driver(new DriverContext(1, spec,
                        Map.of("tile1-olio-web", new InetSocketAddress("127.0.0.1", web.port())), 3, (n, e, f) -> PASSWORD));
                Map<String, Long> counts = new HashMap<>();
                Map<String, Long> errors = new HashMap<>();
                try {
                    driver.start(DriverStart.of(Instant.now().plusMillis(200)));
                    for (int second = 0; second < 10; second++) {
                        Thread.sleep(1000);
                        add(driver.snapshot(), counts, errors);
                    }
                } finally {
                    driver.close();
                }
                add(driver.snapshot(), counts, errors);
                System.out.println("against the real guests: " + counts + " errors " + errors);
                assertEquals(Map.of(), errors, "failed operations");
                for (String op : OlioMarkovChain.OPERATIONS) {
                    assertTrue(counts.getOrDefault(op, 0L) > 0, op + " never succeeded: " + counts);
                }
            }
        }
    }

    private static void add(IntervalSnapshot s, Map<String, Long> counts, Map<String, Long> errors) {
        s.measure().latencyNanos().forEach((op, h) -> counts.merge(op, h.getTotalCount(), Long::sum));
        s.measure().errorsByOperation().forEach((op, n) -> errors.merge(op, n, Long::sum));
    }
}
