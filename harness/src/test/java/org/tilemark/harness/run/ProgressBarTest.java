package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProgressBarTest {

    @Test
    void theBarFillsInProportionAndNeverOverflows() {
        assertThat(ProgressBar.bar(0, 8)).isEqualTo("[--------------------]");
        assertThat(ProgressBar.bar(3, 8)).isEqualTo("[#######-------------]");
        assertThat(ProgressBar.bar(8, 8)).isEqualTo("[####################]");
        assertThat(ProgressBar.bar(9, 8)).isEqualTo("[####################]");
        assertThat(ProgressBar.bar(0, 0)).as("nothing to do is done").isEqualTo("[####################]");
    }
}
