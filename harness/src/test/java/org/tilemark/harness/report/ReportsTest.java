package org.tilemark.harness.report;

import org.tilemark.harness.bundle.BundleLayout;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {
    @TempDir
    Path temp;

    @Test
    void rebuildAllWritesEveryArtifactAndSealsThem() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);

        Reports.rebuildAll(bundle);

        assertThat(bundle.resolve("report.html")).isNotEmptyFile();
        assertThat(bundle.resolve("intervals.csv")).isNotEmptyFile();
        assertThat(bundle.resolve("summary.csv")).isNotEmptyFile();
        assertThat(bundle.resolve("charts/tile1-dvdstore-throughput.png")).isNotEmptyFile();
        assertThat(Files.readString(bundle.resolve(BundleLayout.MANIFEST)))
                .contains("  report.html\n", "  charts/tile1-dvdstore-throughput.png\n", "  summary.csv\n");
        assertThat(Manifest.verify(bundle)).isEmpty();
    }

    @Test
    void rebuildingTwiceGivesTheSameTextArtifacts() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        Reports.rebuildAll(bundle);
        String html = Files.readString(bundle.resolve("report.html"));
        String csv = Files.readString(bundle.resolve("intervals.csv"));

        Reports.rebuildAll(bundle);

        assertThat(Files.readString(bundle.resolve("report.html"))).isEqualTo(html);
        assertThat(Files.readString(bundle.resolve("intervals.csv"))).isEqualTo(csv);
        assertThat(Manifest.verify(bundle)).isEmpty();
    }

    @Test
    void rebuildsABundleThatCrashedBeforeTheFirstInterval() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        Files.delete(bundle.resolve("score.json"));
        Files.writeString(bundle.resolve("intervals.jsonl"), "{\"interval\":1,\"sta");

        Reports.rebuildAll(bundle);

        assertThat(Files.readString(bundle.resolve("report.html")))
                .contains("score.json is absent", "Skipped interval lines: 1", "nothing to chart");
        assertThat(bundle.resolve("charts")).doesNotExist();
        assertThat(Files.readAllLines(bundle.resolve("summary.csv"))).hasSize(1);
        assertThat(Manifest.verify(bundle)).isEmpty();
    }

    @Test
    void failsOnSomethingThatIsNotABundle() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Reports.rebuildAll(temp.resolve("nope")))
                .isInstanceOf(java.io.IOException.class);
    }
}
