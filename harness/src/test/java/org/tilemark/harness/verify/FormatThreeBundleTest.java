package org.tilemark.harness.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.bundle.BundleFormat;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.report.Reports;
import org.tilemark.scoring.RunVerdict;

/**
 * A bundle written by Tilemark before the bundle was read through typed records (format version 3, a
 * quick 1-tile local run with 2 phases and every infrastructure operation type; its primary files and
 * manifest only) still reads record by record, verifies, and reports.
 */
class FormatThreeBundleTest {

    private static final Path WRITTEN_BEFORE = Path.of("src/test/resources/bundles/format3-run");

    @TempDir
    Path temp;

    @Test
    void everyFileReadsAsItsRecords() throws Exception {
        BundleReader reader = BundleReader.of(WRITTEN_BEFORE);

        assertThat(reader.format()).isEqualTo(new BundleFormat(BundleFormat.NAME, 3));
        RunFile run = reader.run().orElseThrow();
        assertThat(run.runId()).isEqualTo("20261127-213247-797b");
        assertThat(run.tiles()).isEqualTo(1);
        assertThat(run.tileScale()).isEqualTo(0.07);
        assertThat(run.inventory().vms()).hasSize(8);
        assertThat(run.setting("run.phases")).contains("2");
        ScoreFile score = reader.score().orElseThrow();
        assertThat(score.verdict()).isEqualTo(RunVerdict.NON_COMPLIANT);
        assertThat(score.phases()).hasSize(2);
        assertThat(score.phases().getFirst().tiles().getFirst().workloads()).extracting(ScoreFile.Workload::workload)
                .containsExactly("dvdstore", "mail", "olio", "standby");
        BundleReader.Lines<IntervalLine> intervals = reader.intervals().orElseThrow();
        assertThat(intervals.bad()).isEmpty();
        assertThat(intervals.values()).hasSize(52).allSatisfy(line -> {
            assertThat(line.completed()).isNotNull();
            assertThat(line.startsAt()).isNotNull();
        });
        BundleReader.Lines<InfraOpLine> operations = reader.infraOps().orElseThrow();
        assertThat(operations.bad()).isEmpty();
        assertThat(operations.values()).hasSize(19).extracting(InfraOpLine::operation)
                .contains("vmotion", "storage-vmotion", "xvmotion", "deploy");
        assertThat(reader.histograms(1, "dvdstore")).isPresent();
    }

    @Test
    void itVerifiesReportsAndVerifiesAgainAfterTheReport() throws Exception {
        Path bundle = copy(WRITTEN_BEFORE, temp.resolve("format3-run"));

        BundleVerifier.Outcome verified = BundleVerifier.verify(bundle, Optional.empty());
        assertThat(verified.exitCode()).as(verified.line()).isEqualTo(BundleVerifier.VERIFIED);
        assertThat(verified.line()).contains("52 intervals and 19 infra operations recomputed", "non-compliant",
                "bundle format tilemark-bundle version 3");

        Reports.rebuildAll(bundle);
        String report = Files.readString(bundle.resolve(BundleLayout.REPORT));
        assertThat(report).contains("20261127-213247-797b", "non-compliant", "Phase 2", "Infrastructure operations")
                .doesNotContain("Bundle warnings");
        assertThat(bundle.resolve(BundleLayout.SUMMARY_CSV)).exists();

        BundleVerifier.Outcome resealed = BundleVerifier.verify(bundle, Optional.empty());
        assertThat(resealed.exitCode()).as(resealed.line()).isEqualTo(BundleVerifier.VERIFIED);
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        return to;
    }
}
