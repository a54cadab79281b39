package org.tilemark.workloads;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.tilemark.config.BenchmarkSpec;

/**
 * The workloads on the class path that a configuration enables, in a stable order, each at the
 * configuration's {@code run.tileScale} ({@link TileScaledWorkload}).
 */
public final class Workloads {

    private Workloads() {
    }

    public static List<Workload> enabled(BenchmarkSpec spec) {
        List<Workload> result = new ArrayList<>();
        ServiceLoader.load(Workload.class).forEach(w -> {
            if (w.enabled(spec)) {
                result.add(new TileScaledWorkload(w));
            }
        });
        result.sort((a, b) -> a.name().compareTo(b.name()));
        return result;
    }
}
