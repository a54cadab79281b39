package org.tilemark.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Range and consistency checks on a bound spec. Every check names the full key path; checks on values
 * that failed to bind (see {@link SpecBinder#failedPaths()}) are skipped, since those already have an error.
 */
final class SpecValidator {

    static final List<String> PLATFORMS = List.of("local");
    static final List<String> LOAD_SHAPES = List.of("constant", "bursty");
    static final List<String> REQUIRED_DATASTORES = List.of("app", "maintenance");
    /** DVD Store sizes: the three standard ones or a custom size in MB or GB. */
    static final Pattern DVDSTORE_SIZE = Pattern.compile("S|M|L|[1-9][0-9]*(MB|GB)");

    private static final String DVDSTORE = "workloads.dvdstore";

    private final Set<String> failedPaths;
    private final List<String> errors = new ArrayList<>();

    SpecValidator(Set<String> failedPaths) {
        this.failedPaths = failedPaths;
    }

    List<String> validate(BenchmarkSpec spec) {
        validateRun(spec.run());
        validateCluster(spec.cluster());
        validateDvdStore(spec.workloads().dvdstore());
        return List.copyOf(errors);
    }

    private void validateRun(RunSpec run) {
        notBlank("run.profile", run.profile());
        atLeast("run.tiles", run.tiles(), 1);
        atLeast("run.phases", run.phases(), 1);
        positive("run.phaseDuration", run.phaseDuration());
        notNegative("run.warmup", run.warmup());
        positive("run.interval", run.interval());
        positive("run.provisionTimeout", run.provisionTimeout());
        if (usable("run.interval", "run.phaseDuration") && run.interval().isPositive() && run.phaseDuration().isPositive()) {
            if (run.interval().compareTo(run.phaseDuration()) > 0) {
                errors.add("run.interval: must be <= run.phaseDuration (got " + Durations.format(run.interval())
                        + " > " + Durations.format(run.phaseDuration()) + ")");
            } else if (!run.interval().multipliedBy(run.phaseDuration().dividedBy(run.interval())).equals(run.phaseDuration())) {
                errors.add("run.phaseDuration: must be a whole multiple of run.interval (got "
                        + Durations.format(run.phaseDuration()) + " with an interval of " + Durations.format(run.interval()) + ")");
            }
        }
    }

    private void validateCluster(ClusterSpec cluster) {
        if (usable("cluster.platform") && !PLATFORMS.contains(cluster.platform())) {
            errors.add("cluster.platform: unknown platform '" + cluster.platform() + "' (expected one of: "
                    + String.join(", ", PLATFORMS) + ")");
        }
        atLeast("cluster.hosts", cluster.hosts(), 1);
        if (usable("cluster.bindAddress") && (cluster.bindAddress() == null || cluster.bindAddress().isBlank())) {
            errors.add("cluster.bindAddress: must not be blank");
        }
        if (usable("cluster.datastores")) {
            for (String required : REQUIRED_DATASTORES) {
                if (!cluster.datastores().containsKey(required)) {
                    errors.add("cluster.datastores: missing required datastore '" + required + "'");
                }
            }
        }
    }

    private void validateDvdStore(DvdStoreSpec dvdstore) {
        if (usable(DVDSTORE + ".size") && !DVDSTORE_SIZE.matcher(dvdstore.size()).matches()) {
            errors.add(DVDSTORE + ".size: invalid size '" + dvdstore.size() + "' (expected S, M, L, <n>MB or <n>GB)");
        }
        atLeast(DVDSTORE + ".webServers", dvdstore.webServers(), 1);
        atLeast(DVDSTORE + ".users", dvdstore.users(), 1);
        positive(DVDSTORE + ".thinkTime", dvdstore.thinkTime());
        positive(DVDSTORE + ".referenceOrdersPerMinute", dvdstore.referenceOrdersPerMinute());
        positive(DVDSTORE + ".requestTimeout", dvdstore.requestTimeout());
        validateLoad(dvdstore.load());
        validateMix(dvdstore.mix());
        validateDatabase(dvdstore.database());
        validateQos(DVDSTORE + ".qos", dvdstore.qos());
    }

    private void validateLoad(LoadShapeSpec load) {
        String path = DVDSTORE + ".load";
        if (usable(path + ".shape") && !LOAD_SHAPES.contains(load.shape())) {
            errors.add(path + ".shape: unknown shape '" + load.shape() + "' (expected one of: "
                    + String.join(", ", LOAD_SHAPES) + ")");
        }
        positive(path + ".highFactor", load.highFactor());
        positive(path + ".lowFactor", load.lowFactor());
        positive(path + ".period", load.period());
    }

    private void validateMix(DvdStoreMixSpec mix) {
        String path = DVDSTORE + ".mix";
        percent(path + ".pctNewCustomers", mix.pctNewCustomers());
        percent(path + ".pctNewMember", mix.pctNewMember());
        percent(path + ".pctNewReview", mix.pctNewReview());
        percent(path + ".pctHelpfulness", mix.pctHelpfulness());
        // DS3 draws each count uniformly from 1..2n-1, so n must be at least 1.
        atLeast(path + ".nSearches", mix.nSearches(), 1);
        atLeast(path + ".searchBatchSize", mix.searchBatchSize(), 1);
        atLeast(path + ".nReviews", mix.nReviews(), 1);
        atLeast(path + ".nLineItems", mix.nLineItems(), 1);
    }

    private void validateDatabase(DatabaseSpec database) {
        String path = DVDSTORE + ".database";
        if (usable(path + ".jdbcUrl") && !database.jdbcUrl().isEmpty() && !database.jdbcUrl().startsWith("jdbc:")) {
            // Echo the redacted form: a URL may carry a password.
            errors.add(path + ".jdbcUrl: must start with 'jdbc:', or be empty for the embedded database (got '"
                    + database.redactedJdbcUrl() + "')");
        }
        notBlank(path + ".username", database.username());
        atLeast(path + ".poolSize", database.poolSize(), 1);
    }

    private void validateQos(String path, QosSpec qos) {
        if (usable(path + ".percentile") && !(qos.percentile() > 0 && qos.percentile() < 100)) {
            errors.add(path + ".percentile: must be > 0 and < 100 (got " + number(qos.percentile()) + ")");
        }
        if (usable(path + ".limits")) {
            for (Map.Entry<String, Duration> limit : qos.limits().entrySet()) {
                positive(path + ".limits." + limit.getKey(), limit.getValue());
            }
        }
        percent(path + ".maxFailurePercent", qos.maxFailurePercent());
        positive(path + ".maxScheduleLagP99", qos.maxScheduleLagP99());
    }

    private void atLeast(String path, long value, long minimum) {
        if (usable(path) && value < minimum) {
            errors.add(path + ": must be >= " + minimum + " (got " + value + ")");
        }
    }

    private void percent(String path, double value) {
        if (usable(path) && (value < 0 || value > 100)) {
            errors.add(path + ": must be between 0 and 100 (got " + number(value) + ")");
        }
    }

    private void positive(String path, double value) {
        if (usable(path) && !(value > 0)) {
            errors.add(path + ": must be > 0 (got " + number(value) + ")");
        }
    }

    private void positive(String path, Duration value) {
        if (usable(path) && !value.isPositive()) {
            errors.add(path + ": must be > 0 (got " + Durations.format(value) + ")");
        }
    }

    private void notNegative(String path, Duration value) {
        if (usable(path) && value.isNegative()) {
            errors.add(path + ": must be >= 0 (got " + Durations.format(value) + ")");
        }
    }

    private void notBlank(String path, String value) {
        if (usable(path) && value.isBlank()) {
            errors.add(path + ": must not be empty");
        }
    }

    /** False when a path, or a section containing it, failed to bind and so holds a placeholder. */
    private boolean usable(String... paths) {
        for (String path : paths) {
            for (String failed : failedPaths) {
                if (path.equals(failed) || path.startsWith(failed + ".")) {
                    return false;
                }
            }
        }
        return true;
    }

    private static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
