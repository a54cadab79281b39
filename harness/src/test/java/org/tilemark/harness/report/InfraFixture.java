package org.tilemark.harness.report;

import org.tilemark.harness.bundle.BundleLayout;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The full-tile bundle with infrastructure operations: infra-ops.jsonl holds seven operations (one
 * failed XvMotion, one vMotion during warm-up, i.e. phase 0), and score.json scores them in phase 1
 * only, so phase 2 shows the fallback counted from infra-ops.jsonl (as an older scorer would leave it).
 */
final class InfraFixture {
    static final String OPERATIONS = "report/infra-ops/infra-ops.jsonl";
    static final int OPERATION_COUNT = 7;
    static final String FAILED_ERROR = "copy aborted: <datastore> \"bulk\" full & read-only";

    private InfraFixture() {
    }

    static Path copy(Path into) throws IOException {
        Path bundle = BundleFixture.copy(BundleFixture.FULL_TILE, into);
        try (InputStream operations = InfraFixture.class.getClassLoader().getResourceAsStream(OPERATIONS)) {
            Files.copy(operations, bundle.resolve(BundleLayout.INFRA_OPS));
        }
        ObjectMapper mapper = new ObjectMapper();
        Path scoreFile = bundle.resolve(BundleLayout.SCORE);
        ObjectNode score = (ObjectNode) mapper.readTree(scoreFile.toFile());
        score.put("applicationOnly", false).put("application", 0.992).put("infrastructure", 2.0)
                .put("scoreLine", "Score: 1.41 @ 1 tile (app 0.99, infra 2.00)");
        ObjectNode phase1 = (ObjectNode) score.get("phases").get(0);
        phase1.put("infrastructure", 2.0);
        ArrayNode scored = phase1.putArray("infraOperations");
        // Listed out of display order on purpose: the report sorts them.
        scored.addObject().put("operation", "storage-vmotion").put("completed", 1).put("failed", 0)
                .put("opsPerHour", 120.0).put("referenceOpsPerHour", 60.0).put("normalized", 2.0);
        scored.addObject().put("operation", "vmotion").put("completed", 2).put("failed", 0)
                .put("opsPerHour", 240.0).put("referenceOpsPerHour", 120.0).put("normalized", 2.0);
        mapper.writerWithDefaultPrettyPrinter().writeValue(scoreFile.toFile(), score);
        return bundle;
    }
}
