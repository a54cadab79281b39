package org.tilemark.config;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The checks a {@link PlatformConfig} or a {@link WorkloadConfig} runs on its section, reporting errors under the section's full
 * key path ({@code cluster.local.hosts: must be >= 1 (got 0)}) together with every other error of the
 * configuration. Checks on a value that failed to bind are skipped: that value already has its error.
 */
public final class SectionChecks {

    private final SpecValidator validator;
    private final String section;

    SectionChecks(SpecValidator validator, String section) {
        this.validator = validator;
        this.section = section;
    }

    /** The full key path of {@code key} in this section, e.g. {@code cluster.local.datastores.app}. */
    public String path(String key) {
        return section + "." + key;
    }

    /** False when {@code key} (or the section holding it) failed to bind. */
    public boolean usable(String key) {
        return validator.usable(path(key));
    }

    /** Reports {@code problem} for {@code key}, e.g. {@code error("hosts", "must name at least one host")}. */
    public void error(String key, String problem) {
        validator.error(path(key) + ": " + problem);
    }

    public void atLeast(String key, long value, long minimum) {
        validator.atLeast(path(key), value, minimum);
    }

    public void notNegative(String key, double value) {
        validator.notNegative(path(key), value);
    }

    public void positive(String key, double value) {
        validator.positive(path(key), value);
    }

    public void notBlank(String key, String value) {
        validator.notBlank(path(key), value);
    }

    public void atLeast(String key, double value, double minimum) {
        validator.atLeast(path(key), value, minimum);
    }

    public void positive(String key, Duration value) {
        validator.positive(path(key), value);
    }

    /** A workload's {@link QosSpec} at {@code key}: its percentile in (0, 100), its limits and schedule lag positive. */
    public void qos(String key, QosSpec qos) {
        validator.validateQos(path(key), qos);
    }

    /** Every key of a map at {@code key} one of {@code known} (a {@code what}, e.g. "operation"), else a did-you-mean. */
    public void knownKeys(String key, String what, Iterable<String> keys, List<String> known) {
        validator.knownKeys(path(key), what, keys, known);
    }

    /** Relative weights at {@code key}: none negative, and something to draw from. */
    public void weights(String key, Map<String, Double> weights) {
        validator.weights(path(key), weights);
    }

    /** A number as error messages print it: {@code 5}, {@code 0.5}. */
    public static String number(double value) {
        return SpecValidator.number(value);
    }

    /** The datastores the harness places VMs on ({@link ClusterSpec#DATASTORES}) must all be named in {@code key}. */
    public void harnessDatastores(String key, Collection<String> named) {
        if (!usable(key)) {
            return;
        }
        for (String required : ClusterSpec.DATASTORES) {
            if (!named.contains(required)) {
                error(key, "missing required datastore '" + required + "'");
            }
        }
        // Other datastores are allowed (storage.datastore may name one), but not a near miss of a required one.
        for (String name : named) {
            if (!ClusterSpec.DATASTORES.contains(name)) {
                KeySuggestions.closest(name, ClusterSpec.DATASTORES).ifPresent(close ->
                        error(key + "." + name, "unknown datastore (did you mean '" + close + "'?)"));
            }
        }
    }
}
