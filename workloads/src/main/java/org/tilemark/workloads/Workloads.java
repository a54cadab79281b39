package org.tilemark.workloads;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.tilemark.config.BenchmarkSpec;

/** The workloads on the class path that a configuration enables, in a stable order. */
public final class Workloads {

    private Workloads() {
    }

    public static List<Workload> enabled(BenchmarkSpec spec) {
        List<Workload> result = new ArrayList<>();
        ServiceLoader.load(Workload.class).forEach(w -> {
            if (w.enabled(spec)) {
                result.add(w);
            }
        });
        result.sort((a, b) -> a.name().compareTo(b.name()));
        return result;
    }
}
