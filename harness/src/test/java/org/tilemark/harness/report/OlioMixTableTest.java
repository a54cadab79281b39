package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.scoring.OperationStats;

class OlioMixTableTest {

    @Test
    void aBundleWithoutPersistedTargetsShowsNoneRatherThanTodaysDefaults() throws Exception {
        WorkloadSummary olio = new WorkloadSummary(1, 1, "olio", "ops/s", 5, 5, 1, false, List.of(), 1000, 0, 0, 1,
                Map.of("HomePage", stats(262, 40), "cycle.actual", stats(300, 6000)), true, true);
        Html html = new Html();
        OlioMixTable.render(html, 1, olio, new ObjectMapper().readValue("{\"config\":{}}", RunFile.class));

        assertThat(html.toString()).contains("HomePage").doesNotContain("26.2").doesNotContain("cycle.actual");
    }

    @Test
    void showsMixAgainstTargetAndP90AgainstTheConfiguredLimit() throws Exception {
        Map<String, OperationStats> ops = new LinkedHashMap<>();
        ops.put("HomePage", stats(262, 40));
        ops.put("Login", stats(102, 1500));
        ops.put("Logout", stats(30, 20));
        ops.put("TagSearch", stats(335, 60));
        ops.put("EventDetail", stats(247, 80));
        ops.put("PersonDetail", stats(26, 30));
        ops.put("AddPerson", stats(8, 200));
        ops.put("AddEvent", stats(20, 300));
        WorkloadSummary olio = new WorkloadSummary(1, 1, "olio", "ops/s", 5, 5, 1, false, List.of(), 1000, 0, 0, 1,
                ops, true, true);
        var run = new ObjectMapper().readValue("""
                {"mixTargets":{"olio":{"HomePage":26.2,"Login":10.2,"TagSearch":33.5,"EventDetail":24.7,
                 "PersonDetail":2.6,"AddPerson":0.8,"AddEvent":2.0}},
                 "config":{"workloads":{"olio":{"qos":{"limits":{"HomePage":"1s","Login":"1s","Logout":"1s",
                 "TagSearch":"2s","EventDetail":"2s","PersonDetail":"2s","AddPerson":"3s","AddEvent":"4s"}}}}}}""", RunFile.class);
        Html html = new Html();
        OlioMixTable.render(html, 1, olio, run);
        String page = html.toString();

        assertThat(page).contains("Olio: mix and p90 per operation").contains("Mix %").contains("Target %");
        assertThat(page).contains("26.2").contains("33.5"); // measured share = target here, 1000 matrix operations
        assertThat(page).contains("Logout").contains("FAIL"); // Login p90 1500 ms > 1000 ms
        assertThat(OlioMixTable.millis("500ms")).hasValue(500);
        assertThat(OlioMixTable.millis("2s")).hasValue(2000);
        assertThat(OlioMixTable.millis("nonsense")).isEmpty();
    }

    private static OperationStats stats(long count, double p90Ms) {
        return new OperationStats(count, 0, p90Ms / 2, p90Ms / 2, p90Ms, p90Ms, p90Ms, p90Ms);
    }
}
