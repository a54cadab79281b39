package org.tilemark.harness.bundle;

/**
 * The names of a results bundle's files, in one place (docs/results-bundle.md describes them): every
 * writer and reader of a bundle names its files through these constants.
 */
public final class BundleLayout {

    /** Run id, times, platform, configuration snapshot, inventory, versions and the bundle's format. */
    public static final String RUN = "run.json";
    /** One line per interval × tile × workload. */
    public static final String INTERVALS = "intervals.jsonl";
    /** One line per infrastructure operation; absent when the run had none. */
    public static final String INFRA_OPS = "infra-ops.jsonl";
    /** One line per interval × VM: what the platform measured each VM use; absent when the platform measures nothing. */
    public static final String VM_PROFILE = "vm-profile.jsonl";
    /** The verdict and the scores, written at the end. */
    public static final String SCORE = "score.json";
    /** The directory of the HdrHistogram interval logs. */
    public static final String HISTOGRAMS = "histograms";
    /** sha256sum-compatible hashes of every other file, written last. */
    public static final String MANIFEST = "MANIFEST.sha256";
    public static final String MANIFEST_SIGNATURE = MANIFEST + ".sig";
    public static final String MANIFEST_CERTIFICATE = MANIFEST + ".cert.pem";
    /** The human-readable report of a run (and of a compare, search or storage bundle). */
    public static final String REPORT = "report.html";
    /** The directory of the report's PNG charts. */
    public static final String CHARTS = "charts";
    public static final String INTERVALS_CSV = "intervals.csv";
    public static final String SUMMARY_CSV = "summary.csv";
    public static final String INFRA_OPS_CSV = "infra-ops.csv";

    /** A compare bundle's whole, machine-readable ({@link CompareFile}), and its table of metrics. */
    public static final String COMPARE = "compare.json";
    public static final String COMPARE_CSV = "compare.csv";
    /** A search bundle's result ({@link SearchFile}), its steps as they finished, and its configuration. */
    public static final String SEARCH = "search.json";
    public static final String SEARCH_STEPS = "steps.jsonl";
    public static final String SEARCH_CONFIG = "search-config.json";
    /** A storage bundle's data points, scaling layouts and interference intervals ({@link StorageFile}). */
    public static final String STORAGE_POINTS = "storage.jsonl";
    public static final String STORAGE_SCALING = "scaling.jsonl";
    public static final String STORAGE_INTERFERENCE = "interference.jsonl";

    private static final String HISTOGRAM_LOG_SUFFIX = ".hlog";

    private BundleLayout() {
    }

    /** The interval log of one tile's workload, e.g. {@code tile1-dvdstore.hlog} (under {@link #HISTOGRAMS}). */
    public static String histogramLog(int tile, String workload) {
        return "tile" + tile + "-" + workload + HISTOGRAM_LOG_SUFFIX;
    }

    /** The bundle-relative path of a histogram log, as messages name it. */
    public static String histogramLogPath(int tile, String workload) {
        return HISTOGRAMS + "/" + histogramLog(tile, workload);
    }
}
