package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleContentsTest {
    @TempDir
    Path temp;

    @Test
    void skipsTruncatedLastLineAndSaysSo() throws Exception {
        BundleContents contents = BundleContents.load(BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp));

        assertThat(contents.intervals()).hasSize(15);
        assertThat(contents.skippedIntervalLines()).isEqualTo(1);
        assertThat(contents.warnings()).singleElement().asString()
                .contains("line 16").contains("truncated");
        assertThat(contents.phaseCount()).isEqualTo(2);
        assertThat(contents.runId()).isEqualTo("20261122-023000-ab12");
        assertThat(contents.score()).isPresent();
    }

    @Test
    void countsBadLinesInTheMiddleToo() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        Path file = bundle.resolve("intervals.jsonl");
        List<String> lines = new ArrayList<>(Files.readAllLines(file));
        lines.add(4, "{not json");
        lines.add(6, "{\"interval\":99,\"stage\":\"measure\"}"); // valid JSON, but no tile/workload/start
        Files.write(file, lines);

        BundleContents contents = BundleContents.load(bundle);

        assertThat(contents.intervals()).hasSize(15);
        assertThat(contents.skippedIntervalLines()).isEqualTo(3);
        assertThat(contents.warnings().getFirst()).contains("5, 7, 18");
    }

    @Test
    void absentScoreIsAWarningNotAFailure() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        Files.delete(bundle.resolve("score.json"));

        BundleContents contents = BundleContents.load(bundle);

        assertThat(contents.score()).isEmpty();
        assertThat(contents.warnings()).contains("score.json is absent");
        assertThat(contents.phaseCount()).isEqualTo(2);
    }
}
