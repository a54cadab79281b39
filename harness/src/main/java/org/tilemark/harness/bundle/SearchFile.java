package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.util.List;
import java.util.Map;
import org.tilemark.scoring.RunVerdict;

/**
 * search.json, what a search found: the maximum tiles and its score, the tile scale every step ran at, the
 * headline and why (the explanation's lines), whether it stopped at {@code search.maxTiles}, why it stopped
 * early ({@code failure}, else null), every step, and the run that confirmed the maximum ({@code search --confirm};
 * absent otherwise). Written by {@link ResultsBundle#writeSearch}, read by
 * {@link BundleReader#search()}; versioned by {@link BundleFormat#SEARCH}. Each {@link Step} is also one line
 * of steps.jsonl ({@link BundleReader#searchSteps()}), and the search's configuration is search-config.json
 * ({@link Config}).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SearchFile(Integer maxTiles, Double score, double tileScale, String headline, List<String> explanation,
                         boolean cappedAtMax, String failure, List<Step> steps,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Confirmation confirmation) {

    public SearchFile {
        explanation = explanation == null ? List.of() : List.copyOf(explanation);
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /** A search without a confirming run. */
    public SearchFile(Integer maxTiles, Double score, double tileScale, String headline, List<String> explanation,
                      boolean cappedAtMax, String failure, List<Step> steps) {
        this(maxTiles, score, tileScale, headline, explanation, cappedAtMax, failure, steps, null);
    }

    /** The same search, confirmed (or not) by this run at its maximum, with the explanation that says so. */
    public SearchFile confirmedBy(Confirmation run, List<String> explained) {
        return new SearchFile(maxTiles, score, tileScale, headline, explained, cappedAtMax, failure, steps, run);
    }

    /**
     * The ordinary run at the maximum found ({@code search --confirm}), at the configuration's own run shape (not
     * {@code --quick}'s); its run.json names this search ({@code confirms}).
     *
     * @param runId     the confirming run's id
     * @param bundle    its results bundle, relative to the search's directory; null when none was written
     * @param tiles     the maximum it ran at
     * @param verdict   its verdict (its word)
     * @param score     its score, null when it wrote none
     * @param scoreLine its score line, as the run printed it
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Confirmation(String runId, String bundle, int tiles,
                               @JsonSerialize(using = ToStringSerializer.class) RunVerdict verdict, Double score,
                               String scoreLine) {

        public boolean compliant() {
            return verdict == RunVerdict.COMPLIANT;
        }
    }

    /**
     * One step of a search as its run's score.json told it; null where the run wrote no score.
     *
     * @param step    the step's number, from 1
     * @param verdict the step's run's verdict (written as its word, also where a plain JSON mapper writes it)
     * @param clusterCpuPercent the cluster's CPU utilization over the step's measured phases, % of all its hosts' cores
     * @param harnessCpu the harness process's CPU over them, as score.json's {@code harnessCpu}; absent in bundles
     *                   written before 2026-11-29 and where a step's run wrote none. Neither CPU figure is
     *                   recomputed by {@code tilemark verify}: they are measurements, not functions of the intervals
     * @param bundle  the step's run bundle, relative to the search's directory; null when none was written
     *                (a one-run search's steps are phases of the search's own run)
     * @param phases  a one-run search's step: the run's phases it is scored from (intervals.jsonl's phase numbers);
     *                null in a series of runs
     * @param remeasure a one-run search's step that measured a failed tile count once more; null in a series
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Step(int step, int tiles, boolean repeat, @JsonSerialize(using = ToStringSerializer.class) RunVerdict verdict,
                       Double score, Double application, Double infrastructure, Double clusterCpuPercent,
                       @JsonInclude(JsonInclude.Include.NON_NULL) ScoreFile.HarnessCpu harnessCpu,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Confidence confidence, List<String> reasons,
                       String bundle, @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> phases,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Boolean remeasure) {

        public Step {
            reasons = reasons == null ? List.of() : List.copyOf(reasons);
            phases = phases == null ? null : List.copyOf(phases);
        }

        /** A step of a series of runs, with a run bundle of its own. */
        public Step(int step, int tiles, boolean repeat, RunVerdict verdict, Double score, Double application,
                    Double infrastructure, Double clusterCpuPercent, ScoreFile.HarnessCpu harnessCpu, Confidence confidence,
                    List<String> reasons, String bundle) {
            this(step, tiles, repeat, verdict, score, application, infrastructure, clusterCpuPercent, harnessCpu, confidence,
                    reasons, bundle, null, null);
        }

        /** Whether the step is phases of the search's one run (not a run of its own). */
        public boolean inOneRun() {
            return phases != null;
        }
    }

    /** The score's confidence interval across the step's phases. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Confidence(double low, double high, double level) {
    }

    /** search-config.json: the search's id and the configuration every step started from. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Config(String searchId, Map<String, Object> config) {
    }
}
