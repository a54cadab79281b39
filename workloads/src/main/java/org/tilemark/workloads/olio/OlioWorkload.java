package org.tilemark.workloads.olio;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.scoring.CycleTimeRule;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.MixRule;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.QosRule;
import org.tilemark.scoring.ScheduleLagRule;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.SecretDigest;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.olio.db.OlioDbRole;
import org.tilemark.workloads.olio.web.OlioWebRole;

/**
 * Olio (social events, Faban's rules): a PostgreSQL VM behind a web VM, driven by Apache JMeter,
 * scored in operations per second.
 */
public final class OlioWorkload implements Workload {

    /**
     * The mix rule's confidence level, in percent: a faithful driver's phase passes it with at least this
     * probability (the chance is shared among the seven operations, each count judged on its exact
     * binomial tails with the chain's variance factor). Faban's 2 points decide whenever the phase is
     * long enough to resolve them. OlioMixBandTest measures the rate over simulated phases.
     */
    static final double MIX_CONFIDENCE_PERCENT = 99.9;

    /** The variable the guests read the database user's password from. */
    public static final String PASSWORD_VARIABLE = OlioDbRole.PASSWORD_ENV;
    static final String SCHEMA_VERSION = "1";
    /** The web template's filestore layout: per-entity files at Olio's sizes. */
    static final String FILESTORE_VERSION = "2";
    /** Names under which the driver records each cycle's planned and achieved start-to-start gap. */
    public static final String CYCLE_INTENDED = "cycle.intended";
    public static final String CYCLE_ACTUAL = "cycle.actual";
    /** The gaps a cut recorded so far of cycles still open past their allowed gap (stuck users); also in the two above. */
    public static final String CYCLE_STUCK = "cycle.stuck";

    @Override
    public String name() {
        return "olio";
    }

    @Override
    public boolean enabled(BenchmarkSpec spec) {
        return spec.workloads().section(OlioSpec.class).enabled();
    }

    static String dbVmName(int tile) {
        return "tile" + tile + "-olio-db";
    }

    public static String webVmName(int tile) {
        return "tile" + tile + "-olio-web";
    }

    @Override
    public List<VmRequest> vms(int tile, BenchmarkSpec spec, SecretSource secrets) {
        OlioSpec olio = spec.workloads().section(OlioSpec.class);
        String password = secrets.secret("olio-db-password", olio.passwordEnv(), olio.passwordFile());
        Map<String, String> secretEnv = Map.of(PASSWORD_VARIABLE, password);
        Map<String, String> data = new HashMap<>();
        data.put("olio.loadedUsers", Integer.toString(olio.loadedUsers()));
        data.put("olio.seed", Long.toString(spec.run().seed()));
        data.put("olio.db.user", olio.dbUsername());
        Map<String, String> template = new HashMap<>(data);
        template.put("olio.schema", SCHEMA_VERSION);
        template.put("olio.db.password.digest", SecretDigest.of(password));
        return List.of(
                new VmRequest(dbVmName(tile), OlioDbRole.NAME, template, data, secretEnv),
                // The web template holds every loaded person's and event's files: one per database size.
                new VmRequest(webVmName(tile), OlioWebRole.NAME,
                        Map.of("olio.loadedUsers", Integer.toString(olio.loadedUsers()), "olio.files", FILESTORE_VERSION),
                        Map.of("olio.db.peer", dbVmName(tile),
                                "olio.db.user", olio.dbUsername(),
                                "olio.db.pool", Integer.toString(olio.poolSize()),
                                "olio.loadedUsers", Integer.toString(olio.loadedUsers())),
                        List.of(dbVmName(tile)), secretEnv));
    }

    @Override
    public WorkloadDriver driver(DriverContext context) {
        return new OlioDriver(context);
    }

    @Override
    public String metricUnit() {
        return "ops/s";
    }

    @Override
    public Duration metricPeriod() {
        return Duration.ofSeconds(1);
    }

    @Override
    public boolean completesUnit(String operation) {
        return failsUnit(operation) && !CYCLE_INTENDED.equals(operation) && !CYCLE_ACTUAL.equals(operation)
                && !CYCLE_STUCK.equals(operation);
    }

    /** A logout belongs to its Login (a failed logout fails that Login), so it is not a unit of its own. */
    @Override
    public boolean failsUnit(String operation) {
        return !OlioSampleListener.LOGOUT.equals(operation);
    }

    @Override
    public String headlineOperation() {
        return "HomePage";
    }

    @Override
    public double targetThroughput(BenchmarkSpec spec) {
        return spec.workloads().section(OlioSpec.class).targetOpsPerSecond();
    }

    @Override
    public double reference(BenchmarkSpec spec) {
        return spec.workloads().section(OlioSpec.class).referenceOpsPerSecond();
    }

    @Override
    public List<QosRule> qosRules(BenchmarkSpec spec) {
        OlioSpec olio = spec.workloads().section(OlioSpec.class);
        List<QosRule> rules = new ArrayList<>();
        // Optional: a rare operation (AddPerson is 0.8 % of the mix) may not occur in a short phase;
        // the mix rule below is what checks that operations occur as often as they should.
        olio.qos().limits().forEach((operation, limit) ->
                rules.add(new PercentileRule(operation, olio.qos().percentile(), limit, true)));
        rules.add(new MixRule(OlioMarkovChain.stationaryPercent(), olio.mixTolerancePercent(),
                olio.mixToleranceFloorPoints(), MIX_CONFIDENCE_PERCENT,
                OlioMarkovChain.shareVarianceFactors(stepsPerUser(spec.run().phaseDuration(), olio.cycleTime()))));
        rules.add(new CycleTimeRule(CYCLE_INTENDED, CYCLE_ACTUAL, CYCLE_STUCK, olio.cycleTimeTolerancePercent()));
        rules.add(new FailureRateRule(olio.qos().maxFailurePercent(), false));
        rules.add(new ScheduleLagRule(olio.qos().maxScheduleLagP99()));
        return rules;
    }

    /** Operations one user does in a phase: the chain's variance factors over that many steps. */
    static long stepsPerUser(Duration phase, Duration cycleTime) {
        return Math.max(1, phase.toMillis() / Math.max(1, cycleTime.toMillis()));
    }
}
