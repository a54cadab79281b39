package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

    @ParameterizedTest
    @CsvSource({
            "500ms, PT0.5S",
            "30s,   PT30S",
            "2m,    PT2M",
            "1h,    PT1H",
            "90s,   PT1M30S",
            "1.5s,  PT1.5S",
            "0.25ms, PT0.00025S",
            "'10 s', PT10S",
            "0,     PT0S",
            "0s,    PT0S",
            "-1s,   PT-1S",
            "PT30S, PT30S",
            "pt1m,  PT1M",
            "P1DT2H, PT26H",
    })
    void parsesSimpleAndIsoSyntax(String text, String iso) {
        assertThat(Durations.parse(text)).isEqualTo(Duration.parse(iso));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "30", "5x", "s", "1.5.2s", "30 seconds", "1m30s", "PT", "P1Y", "0.0000001ms"})
    void rejectsAnythingElseNamingTheValue(String text) {
        assertThatThrownBy(() -> Durations.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + text + "'");
    }

    @ParameterizedTest
    @CsvSource({
            "PT0S,     0s",
            "PT0.5S,   500ms",
            "PT30S,    30s",
            "PT1M30S,  90s",
            "PT2M,     2m",
            "PT1H,     1h",
            "PT25H,    25h",
            "PT0.0000005S, PT0.0000005S",
    })
    void formatsInTheLargestExactUnitAndParsesBack(String iso, String text) {
        Duration duration = Duration.parse(iso);

        assertThat(Durations.format(duration)).isEqualTo(text);
        assertThat(Durations.parse(Durations.format(duration))).isEqualTo(duration);
    }
}
