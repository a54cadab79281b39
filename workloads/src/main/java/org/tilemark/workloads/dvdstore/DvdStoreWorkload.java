package org.tilemark.workloads.dvdstore;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.QosRule;
import org.tilemark.scoring.ScheduleLagRule;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.SecretDigest;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.LoadShape;
import org.tilemark.workloads.dvdstore.db.DvdStoreDbRole;
import org.tilemark.workloads.dvdstore.web.DvdStoreWebRole;

/** DVD Store 3: an OLTP database VM behind three store-front web VMs, scored in orders per minute. */
public final class DvdStoreWorkload implements Workload {

    /** The whole order, timed from its intended start: the scored unit. */
    static final String ORDER = "order";

    /** The variable the guests read the application user's password from. */
    public static final String PASSWORD_VARIABLE = DvdStoreDbRole.PASSWORD_ENV;
    static final String SCHEMA_VERSION = "1";
    /** The harness's name of the database password it generates when neither env nor file gives one. */
    static final String PASSWORD_SECRET = "dvdstore-db-password";

    @Override
    public String name() {
        return "dvdstore";
    }

    @Override
    public boolean enabled(BenchmarkSpec spec) {
        return spec.workloads().section(DvdStoreSpec.class).enabled();
    }

    static String dbVmName(int tile) {
        return "tile" + tile + "-dvdstore-db";
    }

    static String webVmName(int tile, int web) {
        return "tile" + tile + "-dvdstore-web" + web;
    }

    @Override
    public List<VmRequest> vms(int tile, BenchmarkSpec spec, SecretSource secrets) {
        DvdStoreSpec ds = spec.workloads().section(DvdStoreSpec.class);
        DatabaseSpec db = ds.database();
        String password = secrets.secret(PASSWORD_SECRET, db.passwordEnv(), db.passwordFile());
        Map<String, String> secretEnv = Map.of(PASSWORD_VARIABLE, password);
        List<VmRequest> vms = new ArrayList<>();
        Map<String, String> database = new HashMap<>();
        List<String> peers = List.of();
        if (external(db)) {
            database.put("dvdstore.db.url", db.jdbcUrl().replace("{tile}", Integer.toString(tile)));
        } else {
            Map<String, String> data = new HashMap<>();
            data.put("dvdstore.size", ds.size());
            data.put("dvdstore.seed", Long.toString(spec.run().seed()));
            data.put("dvdstore.db.user", db.username());
            Map<String, String> template = new HashMap<>(data);
            template.put("dvdstore.schema", SCHEMA_VERSION);
            template.put("dvdstore.db.password.digest", SecretDigest.of(password));
            vms.add(new VmRequest(dbVmName(tile), DvdStoreDbRole.NAME, template, data, secretEnv));
            database.put("dvdstore.db.peer", dbVmName(tile));
            peers = List.of(dbVmName(tile));
        }
        database.put("dvdstore.db.user", db.username());
        database.put("dvdstore.db.pool", Integer.toString(db.poolSize()));
        for (int web = 1; web <= ds.webServers(); web++) {
            vms.add(new VmRequest(webVmName(tile, web), DvdStoreWebRole.NAME, Map.of(), database, peers, secretEnv));
        }
        return vms;
    }

    /**
     * With an external database there is no DB VM: the data is loaded into the server once (skipped
     * when it is already there), as a DBA would before pointing the web tier at it.
     */
    @Override
    public void prepare(int tile, BenchmarkSpec spec, SecretSource secrets) throws SQLException {
        DvdStoreSpec ds = spec.workloads().section(DvdStoreSpec.class);
        DatabaseSpec db = ds.database();
        if (!external(db)) {
            return;
        }
        String password = secrets.secret(PASSWORD_SECRET, db.passwordEnv(), db.passwordFile());
        try (Connection connection = DriverManager.getConnection(db.jdbcUrl().replace("{tile}", Integer.toString(tile)),
                db.username(), password)) {
            if (!org.tilemark.workloads.dvdstore.db.Ds3Loader.isLoaded(connection)) {
                org.tilemark.workloads.dvdstore.db.Ds3Loader.load(connection, Ds3Size.parse(ds.size()), spec.run().seed());
            }
        }
    }

    static boolean external(DatabaseSpec db) {
        return db.jdbcUrl() != null && !db.jdbcUrl().isBlank();
    }

    @Override
    public WorkloadDriver driver(DriverContext context) {
        return new DvdStoreDriver(context);
    }

    @Override
    public String metricUnit() {
        return "orders/min";
    }

    @Override
    public String headlineOperation() {
        return ORDER;
    }

    /** An order is the unit; its pages are steps, and a failed page fails the order. */
    @Override
    public boolean completesUnit(String operation) {
        return ORDER.equals(operation);
    }

    @Override
    public Duration metricPeriod() {
        return Duration.ofMinutes(1);
    }

    static LoadShape loadShape(DvdStoreSpec ds) {
        return LoadShape.of(ds.users(), ds.load());
    }

    /** The shape a driver started at {@code start} follows: the run's, in step with every other tile's. */
    static LoadShape loadShape(DvdStoreSpec ds, DriverStart start) {
        return loadShape(ds).joined(start.intoRun());
    }

    /** Open loop: each active user starts one order per mean think time. */
    @Override
    public double targetThroughput(BenchmarkSpec spec) {
        DvdStoreSpec ds = spec.workloads().section(DvdStoreSpec.class);
        double ordersPerUserPerMinute = (double) Duration.ofMinutes(1).toNanos() / ds.thinkTime().toNanos();
        return loadShape(ds).meanActiveUsers() * ordersPerUserPerMinute;
    }

    @Override
    public double reference(BenchmarkSpec spec) {
        return spec.workloads().section(DvdStoreSpec.class).referenceOrdersPerMinute();
    }

    @Override
    public List<QosRule> qosRules(BenchmarkSpec spec) {
        DvdStoreSpec ds = spec.workloads().section(DvdStoreSpec.class);
        List<QosRule> rules = new ArrayList<>();
        ds.qos().limits().forEach((operation, limit) -> rules.add(new PercentileRule(operation, ds.qos().percentile(), limit)));
        rules.add(new FailureRateRule(ds.qos().maxFailurePercent(), true));
        rules.add(new ScheduleLagRule(ds.qos().maxScheduleLagP99()));
        return rules;
    }
}
