package org.tilemark.harness.run;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.stream.Collectors;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.TileScale;
import org.tilemark.workloads.Workload;

/** The load each scored workload offers one tile, as a run prints it when it starts. */
final class OfferedLoad {

    private OfferedLoad() {
    }

    /** E.g. "Offered per tile (tile scale 0.07): dvdstore 310 orders/min, mail 24.75 actions/min, olio 5.4 ops/s". */
    static String line(BenchmarkSpec spec, List<Workload> workloads) {
        String each = workloads.stream().filter(Workload::scored)
                .map(w -> w.name() + " " + BigDecimal.valueOf(w.targetThroughput(spec)).setScale(2, RoundingMode.HALF_UP)
                        .stripTrailingZeros().toPlainString() + " " + w.metricUnit())
                .collect(Collectors.joining(", "));
        return "Offered per tile (" + TileScale.phrase(spec.run().tileScale()) + "): "
                + (each.isEmpty() ? "no scored workload" : each);
    }
}
