package org.tilemark.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.tilemark.harness.bundle.ScoreFile;

/**
 * What measuring cost, side by side: the cluster's busy CPU and the harness process's own CPU over the
 * measured phases (score.json's clusterCpu and harnessCpu). A harness that needs a large share of what
 * the cluster spends measures its drivers as much as the cluster; on the local platform both share
 * one machine, and the harness's figure includes the endpoint forwarding the platform does for it.
 */
final class CostSection {

    private CostSection() {
    }

    static void render(Html html, ScoreFile score) {
        ScoreFile.HarnessCpu harness = score.cost() == null ? null : score.cost().harnessCpu();
        ScoreFile.ClusterCpu cluster = score.cost() == null ? null : score.cost().clusterCpu();
        if (harness == null && cluster == null) {
            return;
        }
        html.heading(2, "Cost of measuring");
        List<List<Html.Cell>> rows = new ArrayList<>();
        rows.add(List.of(Html.Cell.of("Cluster CPU busy (% of all its hosts' cores)"),
                Html.Cell.of(cluster != null ? Fmt.fixed(cluster.percent(), 1) + " %" : "not reported by the platform")));
        if (harness != null) {
            double cpuSeconds = harness.cpuSeconds();
            double tileMinutes = harness.tileMinutes();
            OptionalDouble percent = ScoreFile.HarnessCpu.percentOfOneCore(cpuSeconds, tileMinutes, score.tiles());
            rows.add(List.of(Html.Cell.of("Harness process CPU (drivers, endpoints)"), Html.Cell.of(Fmt.fixed(cpuSeconds, 1)
                    + " CPU-s over " + Fmt.fixed(tileMinutes, 1) + " tile-minutes: " + Fmt.fixed(harness.cpuSecondsPerTileMinute(), 2)
                    + " CPU-s per tile-minute" + (percent.isPresent() ? ", " + Fmt.fixed(percent.getAsDouble(), 1) + " % of one core" : ""))));
        }
        html.table(List.of("What", "Over the measured phases"), rows);
    }
}
