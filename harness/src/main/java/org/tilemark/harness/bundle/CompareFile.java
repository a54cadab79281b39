package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * compare.json, a compare bundle's machine-readable whole: the verdict, what the samples rest on, each
 * side's runs, the metrics only one side recorded and every metric's difference with its interval. A
 * figure that is not a finite number (a metric one side never sampled) is null. Written by
 * {@link ResultsBundle#writeCompare}, read by {@link BundleReader#compare()}; versioned by
 * {@link BundleFormat#COMPARE}.
 *
 * @param level   the confidence level of every interval, e.g. 0.95
 * @param samples what the statistics rest on, said plainly (as the report says it)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CompareFile(String compareId, Verdict verdict, double level, String samples, List<Run> a, List<Run> b,
                          List<String> onlyInA, List<String> onlyInB, List<Metric> metrics) {

    public CompareFile {
        a = a == null ? List.of() : List.copyOf(a);
        b = b == null ? List.of() : List.copyOf(b);
        onlyInA = onlyInA == null ? List.of() : List.copyOf(onlyInA);
        onlyInB = onlyInB == null ? List.of() : List.copyOf(onlyInB);
        metrics = metrics == null ? List.of() : List.copyOf(metrics);
    }

    /** B against A in one word ({@code outcome}, e.g. {@code b-slower}) and one line. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Verdict(String outcome, String line, boolean sameTileScale) {
    }

    /** One run bundle a side contributed. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Run(String runId, String bundle, int tiles, double tileScale, String scoreLine) {
    }

    /**
     * One metric of B against A: the means, their difference and its interval, in units and in percent.
     *
     * @param better    {@code higher}, {@code lower} or {@code neither}
     * @param samplePer what one sample is (an interval, a phase, an operation)
     * @param mean      {@code arithmetic}, or {@code geometric} for times compared as ratios
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Metric(String key, String label, String unit, String better, String samplePer, int samplesA, int samplesB,
                         String mean, Double meanA, Double meanB, Double sdA, Double sdB, Double difference, Double low,
                         Double high, Double percent, Double percentLow, Double percentHigh, Double degreesOfFreedom,
                         Double pValue, boolean significant) {
    }

    /** A figure as the file holds it: JSON has no NaN or infinity, so those are null. */
    public static Double finite(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
