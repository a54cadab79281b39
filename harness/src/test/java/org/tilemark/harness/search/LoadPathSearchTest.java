package org.tilemark.harness.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.bundle.ScoreFile;

/** What ends a one-run search without a result besides a failure of the run: committed data its audits did not find. */
class LoadPathSearchTest {

    @Test
    void committedDataAnAuditDidNotFindLeavesTheSearchWithoutAResultNamingTheTile() {
        ScoreFile.Audit found = new ScoreFile.Audit(1, "dvdstore", "committed orders", 1179, 0, List.of(), null);
        ScoreFile.Audit lost = new ScoreFile.Audit(2, "dvdstore", "committed orders", 900, 3, List.of(17L, 42L, 99L), null);

        assertThat(LoadPathSearch.lostData(List.of(found))).isEmpty();
        assertThat(LoadPathSearch.lostData(List.of(found, lost))).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("an audit of committed data did not pass: tile 2 dvdstore: 3 of 900 committed orders missing"));
        assertThat(LoadPathSearch.lostData(List.of(ScoreFile.Audit.failed(1, "dvdstore", "database unreachable"))))
                .hasValueSatisfying(reason -> assertThat(reason).contains("tile 1 dvdstore").contains("database unreachable"));
    }
}
