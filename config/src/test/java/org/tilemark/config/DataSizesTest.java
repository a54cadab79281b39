package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class DataSizesTest {

    @Test
    void parsesBinaryUnits() {
        assertThat(DataSizes.parseBytes("512B")).isEqualTo(512);
        assertThat(DataSizes.parseBytes("2KB")).isEqualTo(2048);
        assertThat(DataSizes.parseBytes("1.5MB")).isEqualTo(1_572_864);
        assertThat(DataSizes.parseBytes(" 1 gb ")).isEqualTo(1L << 30);
        assertThat(DataSizes.parseBytes("0.5KB")).isEqualTo(512);
        assertThat(DataSizes.parseBytes("0B")).isZero();
    }

    @Test
    void rejectsMissingUnitsFractionsOfABytesAndOtherSyntax() {
        for (String bad : List.of("512", "2 KiB", "-1KB", "1.1KB", "0.5B", "KB", "", "1TB", "9999999999999GB")) {
            assertThatThrownBy(() -> DataSizes.parseBytes(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
