package org.tilemark.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.bundle.ResultsBundle;

class HistogramIndexTest {

    @TempDir
    Path temp;

    @Test
    void readsBackEachIntervalsHistogramsByTagAsTheRunWroteThem() throws Exception {
        Path dir = temp.resolve("bundle");
        Instant origin = Instant.parse("2026-11-22T10:00:00.123456789Z");
        Instant start = origin.plusMillis(30_000);
        Histogram login = new Histogram(3);
        login.recordValue(12_345_678);
        login.recordValue(2_000_000_000L);
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            var log = bundle.histogramLog(1, "dvdstore", origin);
            log.write("login", login, start, start.plusSeconds(10));
            log.write("scheduleLag", new Histogram(3), start, start.plusSeconds(10));
        }

        Map<String, Histogram> read = new HistogramIndex(dir).interval(1, "dvdstore", start.toEpochMilli());

        assertThat(read).containsOnlyKeys("login", "scheduleLag");
        assertThat(read.get("login").getTotalCount()).isEqualTo(2);
        assertThat(read.get("login").getValueAtPercentile(50)).isEqualTo(login.getValueAtPercentile(50));
        assertThat(read.get("login").getMaxValue()).isEqualTo(login.getMaxValue());
    }

    @Test
    void anIntervalWithoutHistogramsOrAMissingLogIsAMismatch() throws Exception {
        Path dir = temp.resolve("bundle");
        Instant origin = Instant.parse("2026-11-22T10:00:00Z");
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            bundle.histogramLog(1, "mail", origin).write("send", new Histogram(3), origin, origin.plusSeconds(10));
        }
        HistogramIndex index = new HistogramIndex(dir);

        assertThatThrownBy(() -> index.interval(1, "mail", origin.plusSeconds(10).toEpochMilli()))
                .isInstanceOf(BundleMismatch.class).hasMessageContaining("histograms/tile1-mail.hlog: no interval starting at");
        assertThatThrownBy(() -> index.interval(2, "mail", origin.toEpochMilli()))
                .isInstanceOf(BundleMismatch.class).hasMessage("histograms/tile2-mail.hlog: missing");
    }

    @Test
    void anIntervalNoLineClaimedOrOneClaimedTwiceIsAMismatch() throws Exception {
        Path dir = temp.resolve("bundle");
        Instant origin = Instant.parse("2026-11-22T10:00:00Z");
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            var log = bundle.histogramLog(1, "olio", origin);
            log.write("HomePage", new Histogram(3), origin, origin.plusSeconds(10));
            log.write("HomePage", new Histogram(3), origin.plusSeconds(10), origin.plusSeconds(20));
        }
        HistogramIndex index = new HistogramIndex(dir);
        index.interval(1, "olio", origin.toEpochMilli());

        assertThatThrownBy(() -> index.interval(1, "olio", origin.toEpochMilli())).isInstanceOf(BundleMismatch.class)
                .hasMessageEndingWith("or another line claimed it first");
        assertThatThrownBy(index::requireAllClaimed).isInstanceOf(BundleMismatch.class).hasMessage(
                "histograms/tile1-olio.hlog: the interval starting at " + origin.plusSeconds(10).toEpochMilli()
                        + " ms (epoch) has no intervals.jsonl line");
    }
}
