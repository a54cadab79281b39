package org.tilemark.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.bundle.HistogramLog;
import org.tilemark.harness.bundle.ResultsBundle;

class HistogramIndexTest {

    private static final Instant ORIGIN = Instant.parse("2026-11-22T10:00:00Z");

    @TempDir
    Path temp;

    /** A bundle holding tile 1's histogram log of {@code workload} from {@code origin}, as {@code writes} writes it. */
    private Path bundleWith(String workload, Instant origin, Consumer<HistogramLog> writes) throws IOException {
        Path dir = temp.resolve("bundle");
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            writes.accept(bundle.histogramLog(1, workload, origin));
        }
        return dir;
    }

    /** The interval {@code n} of ten seconds from {@link #ORIGIN}: its start (ms, epoch). */
    private static long at(int n) {
        return ORIGIN.plusSeconds(10L * n).toEpochMilli();
    }

    /** Writes an empty histogram tagged {@code tag} for interval {@code n}. */
    private static void empty(HistogramLog log, String tag, int n) {
        log.write(tag, new Histogram(3), ORIGIN.plusSeconds(10L * n), ORIGIN.plusSeconds(10L * n + 10));
    }

    @Test
    void readsBackEachIntervalsHistogramsByTagAsTheRunWroteThem() throws Exception {
        Instant origin = Instant.parse("2026-11-22T10:00:00.123456789Z");
        Instant start = origin.plusMillis(30_000);
        Histogram login = new Histogram(3);
        login.recordValue(12_345_678);
        login.recordValue(2_000_000_000L);
        Path dir = bundleWith("dvdstore", origin, log -> {
            log.write("login", login, start, start.plusSeconds(10));
            log.write("scheduleLag", new Histogram(3), start, start.plusSeconds(10));
        });

        try (HistogramIndex index = new HistogramIndex(dir)) {
            Map<String, Histogram> read = index.interval(1, "dvdstore", start.toEpochMilli());

            assertThat(read).containsOnlyKeys("login", "scheduleLag");
            assertThat(read.get("login").getTotalCount()).isEqualTo(2);
            assertThat(read.get("login").getValueAtPercentile(50)).isEqualTo(login.getValueAtPercentile(50));
            assertThat(read.get("login").getMaxValue()).isEqualTo(login.getMaxValue());
        }
    }

    @Test
    void anIntervalWithoutHistogramsOrAMissingLogIsAMismatch() throws IOException {
        Path dir = bundleWith("mail", ORIGIN, log -> empty(log, "send", 0));

        try (HistogramIndex index = new HistogramIndex(dir)) {
            assertThatThrownBy(() -> index.interval(1, "mail", at(1))).isInstanceOf(BundleMismatch.class)
                    .hasMessageContaining("histograms/tile1-mail.hlog: no interval starting at");
            assertThatThrownBy(() -> index.interval(2, "mail", at(0))).isInstanceOf(BundleMismatch.class)
                    .hasMessage("histograms/tile2-mail.hlog: missing");
        }
    }

    @Test
    void anIntervalNoLineClaimedOrOneClaimedTwiceIsAMismatch() throws Exception {
        Path dir = bundleWith("olio", ORIGIN, log -> {
            empty(log, "HomePage", 0);
            empty(log, "HomePage", 1);
        });

        try (HistogramIndex index = new HistogramIndex(dir)) {
            index.interval(1, "olio", at(0));

            assertThatThrownBy(() -> index.interval(1, "olio", at(0))).isInstanceOf(BundleMismatch.class)
                    .hasMessageEndingWith("or another line claimed it first");
            assertThatThrownBy(index::requireAllClaimed).isInstanceOf(BundleMismatch.class).hasMessage(
                    "histograms/tile1-olio.hlog: the interval starting at " + at(1) + " ms (epoch) has no intervals.jsonl line");
        }
    }

    @Test
    void aLogIntervalTheLinesStepOverIsAMismatchAtTheLineAfterIt() throws Exception {
        Path dir = bundleWith("olio", ORIGIN, log -> {
            for (int n = 0; n < 3; n++) {
                empty(log, "HomePage", n);
                empty(log, "scheduleLag", n);
            }
        });

        try (HistogramIndex index = new HistogramIndex(dir)) {
            assertThat(index.interval(1, "olio", at(0))).containsOnlyKeys("HomePage", "scheduleLag");

            assertThatThrownBy(() -> index.interval(1, "olio", at(2))).isInstanceOf(BundleMismatch.class).hasMessage(
                    "histograms/tile1-olio.hlog: the interval starting at " + at(1) + " ms (epoch) has no intervals.jsonl line");
        }
    }

    @Test
    void aLogWhoseIntervalsGoBackInTimeIsDamagedWhereTheNextLineReadsOn() throws Exception {
        Path dir = bundleWith("mail", ORIGIN, log -> {
            empty(log, "send", 1);
            empty(log, "send", 0);
        });

        try (HistogramIndex index = new HistogramIndex(dir)) {
            assertThat(index.interval(1, "mail", at(1))).containsOnlyKeys("send");
            assertThatThrownBy(() -> index.interval(1, "mail", at(2))).isInstanceOf(BundleMismatch.class).hasMessage(
                    "histograms/tile1-mail.hlog: the interval starting at " + at(0) + " ms follows the one starting at "
                            + at(1) + " ms (intervals are written in order)");
        }
    }
}
