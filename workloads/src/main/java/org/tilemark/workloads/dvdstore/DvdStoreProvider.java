package org.tilemark.workloads.dvdstore;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.tilemark.config.JdbcUrls;
import org.tilemark.config.MachineChecks;
import org.tilemark.config.Messages;
import org.tilemark.config.SectionChecks;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.VmSize;
import org.tilemark.workloads.YamlDefaultsProvider;
import org.tilemark.workloads.dvdstore.db.DvdStoreDbRole;
import org.tilemark.workloads.dvdstore.web.DvdStoreWebRole;

/** DVD Store as one package: its section {@code workloads.dvdstore} (defaults in {@code defaults.yaml} beside it). */
public final class DvdStoreProvider extends YamlDefaultsProvider<DvdStoreSpec> {

    /** DVD Store sizes: the three standard ones or a custom size in MB or GB. */
    static final Pattern SIZE = Pattern.compile("S|M|L|[1-9][0-9]*(MB|GB)");

    private static final List<String> MAIN = List.of(RoleTemplate.MAIN_PORT);


    /** VMmark 2's tile: the database 4 vCPU / 4 GB, each web server 2 vCPU / 2 GB. */
    public DvdStoreProvider() {
        super("dvdstore", DvdStoreSpec.class, DvdStoreWorkload::new);
    }

    @Override
    public List<RoleTemplate> roles() {
        return List.of(new RoleTemplate(DvdStoreDbRole.NAME, "DVD Store database", new VmSize(4, 4096, 20), MAIN, false, true),
                new RoleTemplate(DvdStoreWebRole.NAME, "DVD Store web", new VmSize(2, 2048, 4), MAIN, true, true));
    }

    @Override
    public void validate(DvdStoreSpec dvdstore, SectionChecks checks) {
        if (checks.usable("size") && !SIZE.matcher(dvdstore.size()).matches()) {
            checks.error("size", "invalid size '" + Messages.clip(dvdstore.size()) + "' (expected S, M, L, <n>MB or <n>GB)");
        }
        checks.atLeast("webServers", dvdstore.webServers(), 1);
        checks.atLeast("users", dvdstore.users(), 1);
        checks.positive("thinkTime", dvdstore.thinkTime());
        checks.positive("referenceOrdersPerMinute", dvdstore.referenceOrdersPerMinute());
        checks.positive("requestTimeout", dvdstore.requestTimeout());
        LoadShapeSpec load = dvdstore.load();
        if (checks.usable("load.shape") && !LoadShapeSpec.SHAPES.contains(load.shape())) {
            checks.error("load.shape", "unknown shape '" + Messages.clip(load.shape()) + "' (expected one of: "
                    + String.join(", ", LoadShapeSpec.SHAPES) + ")");
        }
        checks.positive("load.highFactor", load.highFactor());
        checks.positive("load.lowFactor", load.lowFactor());
        checks.positive("load.period", load.period());
        DvdStoreMixSpec mix = dvdstore.mix();
        // DS3 draws each count uniformly from 1..2n-1, so n must be at least 1.
        checks.atLeast("mix.nSearches", mix.nSearches(), 1);
        checks.atLeast("mix.searchBatchSize", mix.searchBatchSize(), 1);
        checks.atLeast("mix.nReviews", mix.nReviews(), 1);
        checks.atLeast("mix.nLineItems", mix.nLineItems(), 1);
        DatabaseSpec database = dvdstore.database();
        if (checks.usable("database.jdbcUrl") && !database.jdbcUrl().isEmpty() && JdbcUrls.server(database.jdbcUrl()).isEmpty()) {
            // Echo the redacted form: a URL may carry a password.
            checks.error("database.jdbcUrl", "must be " + JdbcUrls.SYNTAX + " with a port of 1..65535, or empty for the embedded "
                    + "database (got '" + Messages.echo(database.jdbcUrl()) + "')");
        }
        checks.notBlank("database.username", database.username());
        checks.atLeast("database.poolSize", database.poolSize(), 1);
        checks.qos("qos", dvdstore.qos());
        checks.knownKeys("qos.limits", "operation", dvdstore.qos().limits().keySet(), DvdStoreSpec.OPERATIONS);
    }

    @Override
    public DvdStoreSpec atScale(DvdStoreSpec section, double scale) {
        return section.atScale(scale);
    }

    @Override
    public Map<String, Integer> users(DvdStoreSpec section) {
        return Map.of("users", section.users());
    }

    @Override
    public void checkMachine(DvdStoreSpec section, MachineChecks checks) {
        checks.secretFile("database.passwordFile", section.database().passwordFile());
    }

    @Override
    public List<ExternalServer> externalServers(DvdStoreSpec section) {
        if (!section.enabled() || section.database().jdbcUrl().isBlank()) {
            return List.of();
        }
        return JdbcUrls.server(section.database().jdbcUrl())
                .map(server -> List.of(new ExternalServer("database.jdbcUrl", server.getHostString(), server.getPort())))
                .orElse(List.of());
    }

    /** Where the database is and how to log in to it are the tester's; the rest is the benchmark's. */
    @Override
    public Publishing publishing() {
        return new Publishing(List.of("database.jdbcUrl", "database.username", "database.passwordEnv", "database.passwordFile"),
                List.of(), List.of());
    }

    /** The report says whose the bursts are: VMware publishes that VMmark 2's DVD Store load is bursty, not its shape. */
    @Override
    public View view() {
        return new View(Optional.empty(), Optional.empty(), Optional.of(new LoadShapeOrigin("load.shape",
                "the bursty shape (load.highFactor x users for half of every load.period, load.lowFactor x for the other"
                        + " half) is Tilemark's: VMware says VMmark 2 drives DVD Store with a bursty load but publishes no"
                        + " shape; QoS is judged on each whole phase, never on one burst")));
    }
}
