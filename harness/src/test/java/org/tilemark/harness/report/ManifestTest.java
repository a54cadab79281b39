package org.tilemark.harness.report;

import org.tilemark.harness.bundle.BundleLayout;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestTest {
    @TempDir
    Path temp;

    @Test
    void writesSortedSha256sumLinesForEveryFileButItself() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);

        Manifest.write(bundle);

        List<String> lines = Files.readAllLines(bundle.resolve(BundleLayout.MANIFEST));
        assertThat(lines).allMatch(line -> line.matches("[0-9a-f]{64}  \\S.*"));
        List<String> paths = lines.stream().map(line -> line.substring(66)).toList();
        assertThat(paths).containsExactly("histograms/tile1-dvdstore.hlog", "intervals.jsonl", "run.json",
                "score.json");
        assertThat(lines.get(2)).startsWith(Manifest.sha256(bundle.resolve("run.json")));
        // Known vector: SHA-256 of the empty input.
        Files.writeString(temp.resolve("empty"), "");
        assertThat(Manifest.sha256(temp.resolve("empty")))
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    @Test
    void verifyIsEmptyForAnIntactBundleAndNamesEveryChange() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        Manifest.write(bundle);
        assertThat(Manifest.verify(bundle)).isEmpty();

        Files.writeString(bundle.resolve("score.json"), "{\"score\": 9.99}");
        Files.delete(bundle.resolve("histograms/tile1-dvdstore.hlog"));
        Files.writeString(bundle.resolve("notes.txt"), "added later");

        assertThat(Manifest.verify(bundle)).containsExactlyInAnyOrder("modified: score.json",
                "missing: histograms/tile1-dvdstore.hlog", "extra: notes.txt");
    }

    @Test
    void verifyNamesSymbolicLinksAndFifosAddedToAnIntactBundle() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        Manifest.write(bundle);
        Files.createSymbolicLink(bundle.resolve("histograms/link.hlog"), bundle.resolve("score.json"));
        Path fifo = bundle.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();

        assertThat(Manifest.verify(bundle)).containsExactlyInAnyOrder("not a regular file: histograms/link.hlog",
                "not a regular file: pipe");
    }

    @Test
    void verifyRejectsAMissingOrEscapingManifest() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        assertThat(Manifest.verify(bundle)).containsExactly("missing: MANIFEST.sha256");

        Manifest.write(bundle);
        Path manifest = bundle.resolve(BundleLayout.MANIFEST);
        Files.writeString(manifest, Files.readString(manifest)
                + "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  ../outside\n");

        assertThat(Manifest.verify(bundle)).containsExactly("malformed: MANIFEST.sha256 line 5");
    }
}
