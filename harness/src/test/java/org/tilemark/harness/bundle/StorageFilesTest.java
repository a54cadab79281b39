package org.tilemark.harness.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A storage bundle's files as their records: lines written before the records existed (checked in, in the shape
 * the hand-built writer gave them) read, and written again they are the same JSON, field for field.
 */
class StorageFilesTest {

    private static final Path OLD = Path.of("src/test/resources/bundles/storage-lines");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void storageLinesReadAsTheirRecordsAndWriteBackAsTheyWere() throws Exception {
        BundleReader old = BundleReader.of(OLD);
        List<StorageFile.Point> points = old.storagePoints().orElseThrow().values();
        List<StorageFile.ScalingLine> scaling = old.scalingLines().orElseThrow().values();
        List<StorageFile.InterferenceLine> interference = old.interferenceLines().orElseThrow().values();
        StorageFile.Run run = old.storageRun().orElseThrow();

        assertThat(points).hasSize(2);
        assertThat(points.get(0).cpuPercent()).isEqualTo(12.5);
        assertThat(points.get(1).cpuPercent()).isNull();
        assertThat(points.get(1).iopsPerCpuPercent()).isNull();
        assertThat(scaling).singleElement().satisfies(s -> {
            assertThat(s.hosts()).isEqualTo(2);
            assertThat(s.point().iops()).isEqualTo(120.0);
        });
        assertThat(interference.get(0).createDeleteEveryMs()).isNull();
        assertThat(interference.get(1).createDeleteEveryMs()).isEqualTo(5000L);
        assertThat(interference.get(1).point().reads()).isEqualTo(1100);
        assertThat(run.mode()).isEqualTo(StorageFile.MODE);

        try (ResultsBundle bundle = ResultsBundle.createPlain(dir.resolve("storage"))) {
            points.forEach(bundle::appendStoragePoint);
            scaling.forEach(bundle::appendScalingLine);
            interference.forEach(bundle::appendInterferenceLine);
            bundle.writeStorageRun(run);
        }
        for (String file : List.of(BundleLayout.STORAGE_POINTS, BundleLayout.STORAGE_SCALING,
                BundleLayout.STORAGE_INTERFERENCE)) {
            assertThat(trees(dir.resolve("storage").resolve(file))).as(file).isEqualTo(trees(OLD.resolve(file)));
        }
        assertThat(JSON.readTree(dir.resolve("storage").resolve(BundleLayout.RUN).toFile()))
                .isEqualTo(JSON.readTree(OLD.resolve(BundleLayout.RUN).toFile()));
    }

    private static List<JsonNode> trees(Path file) throws Exception {
        return Files.readString(file).lines().filter(l -> !l.isBlank()).map(l -> {
            try {
                return JSON.readTree(l);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }
}
