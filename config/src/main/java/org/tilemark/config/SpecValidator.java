package org.tilemark.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Range and consistency checks on a bound spec, beyond what binding checks of every value (its shape, its
 * type's range, a share's 0..100: {@link ScalarValues}). Every check names the full key path; checks on values
 * that failed to bind (see {@link SpecBinder#failedPaths()}) are skipped, since those already have an error.
 */
final class SpecValidator {

    private final Set<String> failedPaths;
    private final PlatformConfigs platforms;
    private final WorkloadConfigs workloads;
    private final List<String> errors = new ArrayList<>();

    SpecValidator(Set<String> failedPaths, PlatformConfigs platforms, WorkloadConfigs workloads) {
        this.failedPaths = failedPaths;
        this.platforms = platforms;
        this.workloads = workloads;
    }

    void error(String message) {
        errors.add(message);
    }

    List<String> validate(BenchmarkSpec spec) {
        validateRun(spec.run());
        validateCluster(spec.cluster());
        for (WorkloadConfig<?> workload : workloads.all()) {
            spec.workloads().section(workload.name()).ifPresent(section -> WorkloadConfigs.validate(workload, section,
                    new SectionChecks(this, "workloads." + workload.name())));
        }
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

    void validateQos(String path, QosSpec qos) {
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
    void knownKeys(String path, String what, Iterable<String> keys, List<String> known) {
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

    /** Relative weights: none negative, and something to draw from. */
    void weights(String path, Map<String, Double> weights) {
        if (!usable(path)) {
            return;
        }
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

    static String number(double value) {
        return ScalarValues.number(value);
    }
}
