package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.workloads.Workloads;

class OfferedLoadTest {

    @Test
    void theQuickTileOffersASeventhOfTheStandardOneAndTheLineSaysWhichScale() throws ConfigException {
        BenchmarkSpec quick = ConfigLoader.load(Optional.empty(), Map.of());
        BenchmarkSpec standard = ConfigLoader.standard();

        assertThat(OfferedLoad.line(quick, Workloads.enabled(quick))).isEqualTo(
                "Offered per tile (tile scale 0.07): dvdstore 310 orders/min, mail 38.93 actions/min, olio 5.4 ops/s");
        assertThat(OfferedLoad.line(standard, Workloads.enabled(standard))).isEqualTo(
                "Offered per tile (tile scale 1): dvdstore 4400 orders/min, mail 330.86 actions/min, olio 78 ops/s");
    }
}
