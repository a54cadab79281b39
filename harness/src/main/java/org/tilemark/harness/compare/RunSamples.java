package org.tilemark.harness.compare;

import java.nio.file.Path;
import java.util.List;

/** What one run bundle contributes to a comparison: its identity and its metrics' samples, in display order. */
record RunSamples(Path bundle, String runId, int tiles, String scoreLine, List<MetricSamples> metrics) {

    RunSamples {
        metrics = List.copyOf(metrics);
    }
}
