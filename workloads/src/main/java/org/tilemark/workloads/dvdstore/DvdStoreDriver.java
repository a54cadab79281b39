package org.tilemark.workloads.dvdstore;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.SplittableRandom;
import org.tilemark.config.JdbcUrls;
import org.tilemark.workloads.DataAudit;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.FirstFailures;
import org.tilemark.workloads.driver.HttpConnection;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;
import org.tilemark.workloads.driver.LoadShape;
import org.tilemark.workloads.driver.OpenLoopUser;
import org.tilemark.workloads.driver.ThinkTime;
import org.tilemark.workloads.driver.UserThreads;
import org.tilemark.workloads.dvdstore.db.DvdStoreDbRole;

/**
 * DVD Store's load for one tile: users on platform threads of their own, spread round robin over the tile's web
 * VMs, each running DS3's order loop on an open-loop plan over a keep-alive connection of its own.
 */
final class DvdStoreDriver implements WorkloadDriver {

    private static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private final DriverContext context;
    private final DvdStoreSpec spec;
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private final FirstFailures failures = new FirstFailures("DVD Store");
    private final UserThreads users = UserThreads.platform();
    private final List<StoreFront> stores = new ArrayList<>();
    private final CommittedOrders committed = new CommittedOrders();

    DvdStoreDriver(DriverContext context) {
        this.context = context;
        this.spec = context.spec().workloads().section(DvdStoreSpec.class);
    }

    @Override
    public void start(DriverStart start) {
        Instant origin = start.origin();
        Ds3Catalog catalog = new Ds3Catalog(Ds3Size.parse(spec.size()), context.spec().run().seed());
        List<String> webVms = new ArrayList<>();
        for (int web = 1; web <= spec.webServers(); web++) {
            webVms.add(DvdStoreWorkload.webVmName(context.tile(), web));
        }
        LoadShape shape = DvdStoreWorkload.loadShape(spec, start);
        ThinkTime thinkTime = ThinkTime.uniform(spec.thinkTime());
        long originNanos = start.originNanos();
        SplittableRandom seeds = new SplittableRandom(context.seed() * 31 + context.tile());
        for (int i = 0; i < shape.maxUsers(); i++) {
            SplittableRandom random = seeds.split();
            // The run's start in the tag: a database kept from an earlier run (a search step) already
            // holds the new customers a run with the same seed would create.
            String tag = Long.toString(Math.abs(seeds.nextLong()), 36) + "t" + context.tile() + "u" + i
                    + "r" + Long.toString(origin.toEpochMilli(), 36);
            // Each user its own connection to its web VM, the VMs round robin.
            String vm = webVms.get(i % webVms.size());
            StoreFront store = new StoreFront(new HttpConnection(context.endpoint(vm), CONNECT_TIMEOUT), vm, spec.requestTimeout());
            stores.add(store);
            OrderCycle cycle = new OrderCycle(store, catalog, spec.mix(), random, recorder, failures, tag, committed,
                    spec.qos().limits());
            // The think times from a generator of the plan's own: a cut draws them too, while the cycle uses its own.
            users.start("ds3-t" + context.tile() + "-u" + i, new OpenLoopUser(i, originNanos, thinkTime, shape,
                    random.split(), recorder, cycle), store::abort);
        }
    }

    @Override
    public IntervalSnapshot snapshot() {
        return recorder.cut();
    }

    /** Every order a purchase page confirmed, looked up in the tile's database (its VM, or the external server). */
    @Override
    public Optional<DataAudit> audit() throws SQLException {
        users.stopAll(STOP_GRACE);
        DatabaseSpec db = spec.database();
        String url = DvdStoreWorkload.external(db) ? db.jdbcUrl().replace("{tile}", Integer.toString(context.tile()))
                : JdbcUrls.postgres(context.endpoint(DvdStoreWorkload.dbVmName(context.tile())), DvdStoreDbRole.DATABASE);
        Properties login = new Properties();
        login.setProperty("user", db.username());
        login.setProperty("password", context.secrets().secret(DvdStoreWorkload.PASSWORD_SECRET, db.passwordEnv(), db.passwordFile()));
        login.setProperty("connectTimeout", "30");
        login.setProperty("socketTimeout", "300");
        try (Connection database = DriverManager.getConnection(url, login)) {
            return Optional.of(committed.audit(database));
        }
    }

    @Override
    public void close() {
        users.stopAll(STOP_GRACE);
        stores.forEach(StoreFront::close);
    }
}
