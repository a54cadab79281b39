package org.tilemark.workloads.dvdstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class Ds3SizeTest {

    @Test
    void baseSizesMatchDvdStore3() {
        assertThat(Ds3Size.parse("S")).isEqualTo(new Ds3Size("S", 20_000, 10_000, 1_000));
        assertThat(Ds3Size.parse("m")).isEqualTo(new Ds3Size("M", 2_000_000, 100_000, 100_000));
        assertThat(Ds3Size.parse(" L ")).isEqualTo(new Ds3Size("L", 200_000_000, 1_000_000, 10_000_000));
        assertThat(Ds3Size.S.orders()).isEqualTo(12_000);
    }

    @Test
    void megabytesScaleFromSmall() {
        assertThat(Ds3Size.parse("100MB")).isEqualTo(new Ds3Size("100MB", 200_000, 100_000, 10_000));
        assertThat(Ds3Size.parse("1mb")).isEqualTo(new Ds3Size("1MB", 2_000, 1_000, 100));
    }

    @Test
    void gigabytesScaleFromMediumThenLarge() {
        assertThat(Ds3Size.parse("2GB")).isEqualTo(new Ds3Size("2GB", 4_000_000, 200_000, 200_000));
        assertThat(Ds3Size.parse("200GB")).isEqualTo(new Ds3Size("200GB", 400_000_000, 2_000_000, 20_000_000));
    }

    @Test
    void tinySizesKeepAtLeastOneOfEverything() {
        Ds3Size tiny = Ds3Size.parse("0.001MB");
        assertThat(tiny.customers()).isEqualTo(2);
        assertThat(tiny.products()).isEqualTo(1);
        assertThat(tiny.ordersPerMonth()).isEqualTo(1);
    }

    @Test
    void rejectsBadValuesNamingThem() {
        assertThatThrownBy(() -> Ds3Size.parse("XL")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'XL'");
        assertThatThrownBy(() -> Ds3Size.parse("0MB")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'0MB'");
        assertThatThrownBy(() -> Ds3Size.parse("10TB")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'10TB'");
        assertThatThrownBy(() -> Ds3Size.parse("999999GB")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too large");
        assertThatThrownBy(() -> Ds3Size.parse(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
