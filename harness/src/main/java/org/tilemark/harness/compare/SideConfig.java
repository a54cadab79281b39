package org.tilemark.harness.compare;

import java.nio.file.Path;
import org.tilemark.config.BenchmarkSpec;

/**
 * One side's configuration, loaded with its results directory set to where compare puts its runs
 * (through the config loader, so the spec stays the loader's to build).
 */
@FunctionalInterface
public interface SideConfig {
    BenchmarkSpec writingInto(Path results);
}
