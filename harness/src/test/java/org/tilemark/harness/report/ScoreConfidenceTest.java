package org.tilemark.harness.report;

import org.tilemark.harness.bundle.ScoreFile;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScoreConfidenceTest {

    @TempDir
    Path temp;

    @Test
    void theRunsIntervalComesFromScoreJson() throws Exception {
        BundleContents contents = BundleContents.load(BundleFixture.copy(BundleFixture.FULL_TILE, temp));

        assertThat(ScoreConfidence.ofRun(contents.score().orElseThrow())).isEqualTo("95% CI 0.962–1.022");
    }

    @Test
    void aPhasesIntervalIsAcrossItsIntervalsApplicationScoresLeavingUnscoredWorkloadsOut() throws Exception {
        BundleContents contents = BundleContents.load(BundleFixture.copy(BundleFixture.FULL_TILE, temp));
        ScoreFile.Phase phase1 = contents.score().orElseThrow().phases().getFirst();

        // Intervals of phase 1: sqrt(294/300 * 252/240), sqrt(294/300 * 240/240), sqrt(306/300 * 246/240)
        // = 1.0144, 0.9899, 1.0225; mean 1.0089, t(2) = 4.303: 0.9669 to 1.0510. Standby is not scored.
        assertThat(ScoreConfidence.ofPhase(contents, phase1)).isEqualTo("95% CI across 3 intervals 0.967–1.051");
    }
}
