package org.tilemark.harness.compare;

import java.nio.file.Path;
import java.util.List;

/**
 * What one run bundle contributes to a comparison: its identity and its metrics' samples, in display order.
 *
 * @param tileScale run.json's {@code tileScale} (1 for a bundle written before the key existed)
 */
record RunSamples(Path bundle, String runId, int tiles, double tileScale, String scoreLine, List<MetricSamples> metrics) {

    RunSamples {
        metrics = List.copyOf(metrics);
    }
}
