package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.infra.platform.Migration;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.TemplateId;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.Workloads;
import org.tilemark.workloads.dvdstore.DvdStoreSpec;

/**
 * Storage vMotion of a DVD Store database while orders are being written: every order whose commit
 * returned before, during or after the move is in the database afterwards.
 */
class StorageVMotionDatabaseEndToEndTest {

    private static final String PASSWORD = "e2e-svmotion-password";

    @Test
    void noCommittedOrderIsLostWhenTheDatabaseMovesUnderLoad() throws Exception {
        BenchmarkSpec spec = E2e.spec(E2e.settings("e2e-svmotion-db"));
        Workload dvdstore = Workloads.enabled(spec).stream().filter(w -> w.name().equals("dvdstore")).findFirst().orElseThrow();
        VmRequest db = dvdstore.vms(1, spec, (name, env, file) -> PASSWORD).stream()
                .filter(r -> r.role().equals("dvdstore-db")).findFirst().orElseThrow();
        RoleTemplate role = RoleCatalog.forRole("dvdstore-db");
        try (Platform platform = Platforms.create(spec.cluster())) {
            Template template = platform.ensureTemplate(new TemplateRequest(role, new TemplateId(role.role(), db.templateInfo()),
                    db.templateInfo(), db.secrets(), Duration.ofMinutes(5)));
            Vm vm = platform.deploy(new VmSpec(db.name(), "e2e-svmotion-" + ProcessHandle.current().pid(), 1, template, role,
                    "host-0", "app", db.settings(), db.secrets()));
            try {
                platform.powerOn(vm, Duration.ofMinutes(2));
                OrderWriter writer = new OrderWriter(platform.endpoint(vm), spec.workloads().section(DvdStoreSpec.class).database().username());
                Thread writing = Thread.ofPlatform().name("order-writer").start(writer);
                writer.awaitCommitted(100);

                Migration moved = platform.migrate(vm, new Placement("host-0", "maintenance"));
                int atMove = writer.committed().size();
                writer.awaitCommitted(atMove + 100);
                writer.stop();
                writing.join(Duration.ofSeconds(30));

                assertThat(moved.downtime()).isPresent();
                assertThat(moved.bytesMoved()).isPositive();
                assertThat(platform.placement(vm)).isEqualTo(new Placement("host-0", "maintenance"));
                List<Integer> committed = writer.committed();
                System.out.printf("Storage vMotion of %s under load: %d orders committed (%d before the move), %d failed "
                        + "attempts, downtime %d ms, %d bytes copied%n", vm.name(), committed.size(), atMove, writer.failures(),
                        moved.downtime().orElseThrow().toMillis(), moved.bytesMoved());
                assertThat(committed.size()).isGreaterThan(atMove);
                assertThat(countPresent(platform.endpoint(vm), spec.workloads().section(DvdStoreSpec.class).database().username(), committed))
                        .as("orders committed before, during and after the move (%d, %d failed attempts)",
                                committed.size(), writer.failures())
                        .isEqualTo(committed.size());
            } finally {
                platform.destroy(vm);
            }
        }
    }

    private static long countPresent(InetSocketAddress endpoint, String user, List<Integer> ids) throws SQLException {
        try (Connection c = connect(endpoint, user);
             PreparedStatement q = c.prepareStatement("SELECT count(*) FROM orders WHERE orderid = ANY (?)")) {
            Array array = c.createArrayOf("integer", ids.toArray());
            q.setArray(1, array);
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static Connection connect(InetSocketAddress endpoint, String user) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", user);
        props.setProperty("password", PASSWORD);
        props.setProperty("connectTimeout", "60");
        props.setProperty("socketTimeout", "60");
        return DriverManager.getConnection("jdbc:postgresql://" + endpoint.getHostString() + ":" + endpoint.getPort() + "/ds3", props);
    }

    /** Inserts orders one by one (autocommit), remembering each id whose commit returned; reconnects on failure. */
    private static final class OrderWriter implements Runnable {
        private final InetSocketAddress endpoint;
        private final String user;
        private final List<Integer> committed = new CopyOnWriteArrayList<>();
        private final AtomicBoolean running = new AtomicBoolean(true);
        private volatile int failures;

        OrderWriter(InetSocketAddress endpoint, String user) {
            this.endpoint = endpoint;
            this.user = user;
        }

        @Override
        public void run() {
            long deadline = System.nanoTime() + Duration.ofMinutes(4).toNanos();
            while (running.get() && System.nanoTime() < deadline) {
                try (Connection c = connect(endpoint, user);
                     PreparedStatement insert = c.prepareStatement("INSERT INTO orders (orderdate, customerid, netamount, tax, "
                             + "totalamount) VALUES (current_date, 1, 10.00, 0.83, 10.83) RETURNING orderid")) {
                    while (running.get()) {
                        try (ResultSet rs = insert.executeQuery()) {
                            rs.next();
                            committed.add(rs.getInt(1));
                        }
                        Thread.sleep(5);
                    }
                } catch (SQLException e) {
                    failures++;
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        void awaitCommitted(int count) throws InterruptedException {
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (committed.size() < count && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(committed.size()).as("orders committed").isGreaterThanOrEqualTo(count);
        }

        List<Integer> committed() {
            return List.copyOf(committed);
        }

        int failures() {
            return failures;
        }

        void stop() {
            running.set(false);
        }
    }
}
