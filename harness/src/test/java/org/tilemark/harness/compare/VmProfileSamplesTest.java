package org.tilemark.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.VmProfileLine;

/** Compare's per-role resource profile: per phase, per second, averaged over the role's VMs; reported, never judged. */
class VmProfileSamplesTest {

    @TempDir
    Path temp;

    @Test
    void eachRolesFiguresPerPhaseArePerSecondMeansOverItsTiles() throws Exception {
        Path bundle = CompareSessionTest.bundle(temp.resolve("a"), 2, 1.0);
        ObjectMapper json = new ObjectMapper();
        for (int tile = 1; tile <= 2; tile++) {
            for (int interval = 1; interval <= 2; interval++) {
                // tile 1 reads 10 KiB, tile 2 30 KiB an interval: 1 and 3 KiB/s, 2 KiB/s on average
                VmProfileLine line = new VmProfileLine(VmProfileLine.VERSION, interval, IntervalLine.MEASURE, 1, "2026-11-28T00:00:0"
                        + interval + "Z", "2026-11-28T00:00:1" + interval + "Z", 10_000, "tile" + tile + "-dvdstore-db", "dvdstore-db", tile,
                        20.0, (tile == 1 ? 100L : 300L) << 20, null, (tile == 1 ? 10L : 30L) << 10, null, 0L, null, null, "test", Map.of());
                Files.writeString(bundle.resolve(BundleLayout.VM_PROFILE), json.writeValueAsString(line) + "\n", StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            }
        }
        Map<String, MetricSamples> metrics = new java.util.HashMap<>();
        BundleSamples.load(bundle).metrics().forEach(m -> metrics.put(m.key(), m));
        assertThat(metrics.get("profile.dvdstore-db.diskReadBytes").values()).containsExactly(2.0);
        assertThat(metrics.get("profile.dvdstore-db.diskReadBytes").unit()).isEqualTo("KiB/s");
        assertThat(metrics.get("profile.dvdstore-db.cpu").values()).containsExactly(2.0);
        assertThat(metrics.get("profile.dvdstore-db.memory").values()).containsExactly(200.0);
        assertThat(metrics.get("profile.dvdstore-db.diskWriteBytes").values()).containsExactly(0.0);
        assertThat(metrics.get("profile.dvdstore-db.cpu").better()).isEqualTo(MetricSamples.Better.NEITHER);
        assertThat(metrics).doesNotContainKeys("profile.dvdstore-db.diskReadOps", "profile.dvdstore-db.netSentBytes");
    }

    @Test
    void aBundleWithoutTheFileAddsNothing() throws Exception {
        Path bundle = CompareSessionTest.bundle(temp.resolve("b"), 1, 1.0);
        assertThat(BundleSamples.load(bundle).metrics()).noneMatch(m -> m.key().startsWith("profile."));
    }
}
