package org.tilemark.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Range and consistency checks on a bound spec, beyond what binding checks of every value (its shape, its
 * type's range, a share's 0..100: {@link ScalarValues}). Every check names the full key path; checks on values
 * that failed to bind (see {@link SpecBinder#failedPaths()}) are skipped, since those already have an error.
 */
final class SpecValidator {

    /** DVD Store sizes: the three standard ones or a custom size in MB or GB. */
    static final Pattern DVDSTORE_SIZE = Pattern.compile("S|M|L|[1-9][0-9]*(MB|GB)");

    private static final String DVDSTORE = "workloads.dvdstore";
    private static final String MAIL = "workloads.mail";
    private static final String OLIO = "workloads.olio";
    private static final String STANDBY = "workloads.standby";

    private final Set<String> failedPaths;
    private final PlatformConfigs platforms;
    private final List<String> errors = new ArrayList<>();

    SpecValidator(Set<String> failedPaths, PlatformConfigs platforms) {
        this.failedPaths = failedPaths;
        this.platforms = platforms;
    }

    void error(String message) {
        errors.add(message);
    }

    List<String> validate(BenchmarkSpec spec) {
        validateRun(spec.run());
        validateCluster(spec.cluster());
        validateDvdStore(spec.workloads().dvdstore());
        validateMail(spec.workloads().mail());
        validateOlio(spec.workloads().olio());
        validateStandby(spec.workloads().standby());
        ModeChecks modes = new ModeChecks(this);
        modes.infra(spec.infra());
        modes.storage(spec.storage());
        modes.search(spec.search());
        modes.serve(spec.serve());
        return List.copyOf(errors);
    }

    private void validateRun(RunSpec run) {
        if (!RunProfiles.known(run.profile())) {
            errors.add("run.profile: '" + run.profile() + "' is not a profile (" + String.join(", ", RunProfiles.names()) + ")");
        }
        atLeast("run.tiles", run.tiles(), 1);
        positive("run.tileScale", run.tileScale());
        if (usable("run.tileScale") && run.tileScale() > TileScale.MAX) {
            errors.add("run.tileScale: must be <= " + number(TileScale.MAX) + " (got " + number(run.tileScale())
                    + "; a sanity limit, not a machine limit)");
        }
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
        if (usable("cluster.bindAddress") && (cluster.bindAddress() == null || cluster.bindAddress().isBlank())) {
            errors.add("cluster.bindAddress: must not be blank");
        } else if (usable("cluster.bindAddress") && !Addresses.isHostOrAddress(cluster.bindAddress())) {
            errors.add("cluster.bindAddress: not an IP address or host name (got '" + Messages.clip(cluster.bindAddress()) + "')");
        }
        if (!usable("cluster.platform")) {
            return;
        }
        var platform = platforms.find(cluster.platform());
        if (platform.isEmpty()) {
            errors.add(PlatformConfigs.unknown(cluster.platform(), platforms.names()));
        } else if (cluster.section() != null) {
            PlatformConfigs.validate(platform.get(), cluster.section(), new SectionChecks(this, "cluster." + cluster.platform()));
        }
    }

    private void validateDvdStore(DvdStoreSpec dvdstore) {
        if (usable(DVDSTORE + ".size") && !DVDSTORE_SIZE.matcher(dvdstore.size()).matches()) {
            errors.add(DVDSTORE + ".size: invalid size '" + Messages.clip(dvdstore.size()) + "' (expected S, M, L, <n>MB or <n>GB)");
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
        knownKeys(DVDSTORE + ".qos.limits", "operation", dvdstore.qos().limits().keySet(), DvdStoreSpec.OPERATIONS);
    }

    private void validateLoad(LoadShapeSpec load) {
        String path = DVDSTORE + ".load";
        if (usable(path + ".shape") && !LoadShapeSpec.SHAPES.contains(load.shape())) {
            errors.add(path + ".shape: unknown shape '" + Messages.clip(load.shape()) + "' (expected one of: "
                    + String.join(", ", LoadShapeSpec.SHAPES) + ")");
        }
        positive(path + ".highFactor", load.highFactor());
        positive(path + ".lowFactor", load.lowFactor());
        positive(path + ".period", load.period());
    }

    private void validateMix(DvdStoreMixSpec mix) {
        String path = DVDSTORE + ".mix";
        // DS3 draws each count uniformly from 1..2n-1, so n must be at least 1.
        atLeast(path + ".nSearches", mix.nSearches(), 1);
        atLeast(path + ".searchBatchSize", mix.searchBatchSize(), 1);
        atLeast(path + ".nReviews", mix.nReviews(), 1);
        atLeast(path + ".nLineItems", mix.nLineItems(), 1);
    }

    private void validateDatabase(DatabaseSpec database) {
        String path = DVDSTORE + ".database";
        if (usable(path + ".jdbcUrl") && !database.jdbcUrl().isEmpty() && JdbcUrls.server(database.jdbcUrl()).isEmpty()) {
            // Echo the redacted form: a URL may carry a password.
            errors.add(path + ".jdbcUrl: must be " + JdbcUrls.SYNTAX + " with a port of 1..65535, or empty for the embedded database (got '"
                    + Messages.echo(database.jdbcUrl()) + "')");
        }
        notBlank(path + ".username", database.username());
        atLeast(path + ".poolSize", database.poolSize(), 1);
    }

    private void validateMail(MailSpec mail) {
        atLeast(MAIL + ".users", mail.users(), 1);
        atLeast(MAIL + ".minScaledUsers", mail.minScaledUsers(), 1);
        validateMailUrls(mail);
        positive(MAIL + ".tasksPerUserPerDay", mail.tasksPerUserPerDay());
        positive(MAIL + ".workday", mail.workday());
        positive(MAIL + ".acceleration", mail.acceleration());
        validateActionMix(mail.actionMix());
        validateMessageSizes(mail.messageSizes());
        atLeast(MAIL + ".messagesPerMailbox", mail.messagesPerMailbox(), 0);
        atLeast(MAIL + ".meanRecipients", mail.meanRecipients(), 1.0);
        positive(MAIL + ".referenceActionsPerMinute", mail.referenceActionsPerMinute());
        validateQos(MAIL + ".qos", mail.qos());
        knownKeys(MAIL + ".qos.limits", "action", mail.qos().limits().keySet(), MailSpec.ACTIONS);
        positive(MAIL + ".requestTimeout", mail.requestTimeout());
    }

    /** Both empty (the embedded server) or both set to {@code scheme://host:port}. */
    private void validateMailUrls(MailSpec mail) {
        if (!usable(MAIL + ".smtpUrl", MAIL + ".imapUrl")) {
            return;
        }
        boolean smtpSet = !mail.smtpUrl().isBlank();
        boolean imapSet = !mail.imapUrl().isBlank();
        if (smtpSet && !imapSet) {
            errors.add(MAIL + ".imapUrl: must be set when smtpUrl is");
        } else if (imapSet && !smtpSet) {
            errors.add(MAIL + ".smtpUrl: must be set when imapUrl is");
        }
        if (smtpSet) {
            hostPortUrl(MAIL + ".smtpUrl", "smtp", mail.smtpUrl());
        }
        if (imapSet) {
            hostPortUrl(MAIL + ".imapUrl", "imap", mail.imapUrl());
        }
    }

    private void hostPortUrl(String path, String scheme, String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            uri = null;
        }
        boolean valid = uri != null && scheme.equalsIgnoreCase(uri.getScheme()) && uri.getHost() != null
                && uri.getUserInfo() == null && uri.getPort() >= 1 && uri.getPort() <= 65535
                && (uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/"))
                && uri.getRawQuery() == null && uri.getRawFragment() == null;
        if (!valid) {
            // Echo the redacted form: a URL may carry a password.
            String credentials = uri != null && uri.getRawUserInfo() != null
                    ? "; put no credentials in it, use passwordEnv or passwordFile" : "";
            errors.add(path + ": expected " + scheme + "://host:port with a port of 1..65535" + credentials
                    + " (got '" + MailSpec.redact(url) + "')");
        }
    }

    private void validateActionMix(Map<String, Double> actionMix) {
        String path = MAIL + ".actionMix";
        if (!usable(path)) {
            return;
        }
        knownKeys(path, "action", actionMix.keySet(), MailSpec.ACTIONS);
        weights(path, actionMix);
    }

    private void validateMessageSizes(Map<String, Double> messageSizes) {
        String path = MAIL + ".messageSizes";
        if (!usable(path)) {
            return;
        }
        for (String size : messageSizes.keySet()) {
            long bytes;
            try {
                bytes = DataSizes.parseBytes(size);
            } catch (IllegalArgumentException e) {
                errors.add(path + ": invalid size '" + Messages.clip(size) + "' (expected " + DataSizes.SYNTAX + ", in whole bytes)");
                continue;
            }
            if (bytes < 1) {
                errors.add(path + ": size '" + Messages.clip(size) + "' must be at least 1 byte");
            }
        }
        weights(path, messageSizes);
    }

    /** Relative weights: none negative, and something to draw from. */
    private void weights(String path, Map<String, Double> weights) {
        double sum = 0;
        for (Map.Entry<String, Double> weight : weights.entrySet()) {
            if (weight.getValue() < 0) {
                errors.add(path + "." + weight.getKey() + ": must be >= 0 (got " + number(weight.getValue()) + ")");
            } else {
                sum += weight.getValue();
            }
        }
        if (!(sum > 0) && failedPaths.stream().noneMatch(failed -> failed.startsWith(path + "."))) {
            errors.add(path + ": weights must add up to more than 0");
        }
    }

    private void validateOlio(OlioSpec olio) {
        atLeast(OLIO + ".users", olio.users(), 1);
        positive(OLIO + ".cycleTime", olio.cycleTime());
        atLeast(OLIO + ".maxCycleFactor", olio.maxCycleFactor(), 1);
        atLeast(OLIO + ".loadedUsersPerUser", olio.loadedUsersPerUser(), 1);
        atLeast(OLIO + ".minLoadedUsers", olio.minLoadedUsers(), 1);
        notBlank(OLIO + ".dbUsername", olio.dbUsername());
        atLeast(OLIO + ".poolSize", olio.poolSize(), 1);
        positive(OLIO + ".referenceOpsPerSecond", olio.referenceOpsPerSecond());
        validateQos(OLIO + ".qos", olio.qos());
        knownKeys(OLIO + ".qos.limits", "operation", olio.qos().limits().keySet(), OlioSpec.OPERATIONS);
        positive(OLIO + ".requestTimeout", olio.requestTimeout());
    }

    private void validateStandby(StandbySpec standby) {
        positive(STANDBY + ".interval", standby.interval());
        positive(STANDBY + ".timeout", standby.timeout());
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
        positive(path + ".maxScheduleLagP99", qos.maxScheduleLagP99());
    }

    /** Every key one of {@code known}, else an error with a did-you-mean or the list. */
    private void knownKeys(String path, String what, Iterable<String> keys, List<String> known) {
        if (!usable(path)) {
            return;
        }
        for (String key : keys) {
            if (!known.contains(key)) {
                errors.add(path + "." + Messages.clip(key) + ": unknown " + what + " '" + Messages.clip(key) + "' " + KeySuggestions.closest(key, known)
                        .map(found -> "(did you mean '" + found + "'?)")
                        .orElseGet(() -> "(expected one of: " + String.join(", ", known) + ")"));
            }
        }
    }

    void atLeast(String path, double value, double minimum) {
        if (usable(path) && !(value >= minimum)) {
            errors.add(path + ": must be >= " + number(minimum) + " (got " + number(value) + ")");
        }
    }

    void notNegative(String path, double value) {
        atLeast(path, value, 0);
    }

    void atLeast(String path, long value, long minimum) {
        if (usable(path) && value < minimum) {
            errors.add(path + ": must be >= " + minimum + " (got " + value + ")");
        }
    }

    void positive(String path, double value) {
        if (usable(path) && !(value > 0)) {
            errors.add(path + ": must be > 0 (got " + number(value) + ")");
        }
    }

    void positive(String path, Duration value) {
        if (usable(path) && !value.isPositive()) {
            errors.add(path + ": must be > 0 (got " + Durations.format(value) + ")");
        }
    }

    void notNegative(String path, Duration value) {
        if (usable(path) && value.isNegative()) {
            errors.add(path + ": must be >= 0 (got " + Durations.format(value) + ")");
        }
    }

    void notBlank(String path, String value) {
        if (usable(path) && value.isBlank()) {
            errors.add(path + ": must not be empty");
        }
    }

    /** False when a path, or a section containing it, failed to bind and so holds a placeholder. */
    boolean usable(String... paths) {
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
        return ScalarValues.number(value);
    }
}
