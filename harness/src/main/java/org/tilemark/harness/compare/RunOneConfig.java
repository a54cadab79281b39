package org.tilemark.harness.compare;

import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.RunOutcome;

/** Runs the benchmark once with a configuration (in production: a RunOrchestrator). */
@FunctionalInterface
public interface RunOneConfig {
    RunOutcome run(BenchmarkSpec spec);
}
