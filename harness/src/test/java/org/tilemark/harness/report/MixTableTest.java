package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.scoring.OperationStats;

class MixTableTest {

    @Test
    void aBundleWithoutPersistedTargetsShowsNoTableRatherThanTodaysDefaults() throws Exception {
        WorkloadSummary olio = new WorkloadSummary(1, 1, "olio", "ops/s", 5, 5, 1, false, List.of(), 1000, 0, 0, 1,
                Map.of("HomePage", stats(262, 40), "cycle.actual", stats(300, 6000)), true, true);
        Html html = new Html();
        MixTable.render(html, 1, olio, new ObjectMapper().readValue("{\"config\":{}}", RunFile.class));

        assertThat(html.toString()).isEmpty();
    }

    @Test
    void anyWorkloadWithRecordedTargetsGetsTheTableAtItsOwnPercentile() throws Exception {
        WorkloadSummary shop = new WorkloadSummary(1, 2, "shop", "ops/s", 5, 5, 1, true, List.of(), 100, 0, 0, 1,
                Map.of("browse", stats(75, 400), "buy", stats(25, 900), "think", stats(100, 5000)), true, true);
        var run = new ObjectMapper().readValue("""
                {"mixTargets":{"shop":{"browse":75.0,"buy":25.0}},
                 "config":{"workloads":{"shop":{"qos":{"percentile":95,"limits":{"browse":"500ms","buy":"1s"}}}}}}""",
                RunFile.class);
        Html html = new Html();
        MixTable.render(html, 1, shop, run);

        assertThat(html.toString()).contains("tile 2, shop: mix and p95 per operation").contains("p95 limit (ms)")
                .contains("75.0").contains("pass").doesNotContain("FAIL").doesNotContain("think");
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
        ops.put("cycle.actual", stats(300, 6000));
        WorkloadSummary olio = new WorkloadSummary(1, 1, "olio", "ops/s", 5, 5, 1, false, List.of(), 1000, 0, 0, 1,
                ops, true, true);
        var run = new ObjectMapper().readValue("""
                {"mixTargets":{"olio":{"HomePage":26.2,"Login":10.2,"TagSearch":33.5,"EventDetail":24.7,
                 "PersonDetail":2.6,"AddPerson":0.8,"AddEvent":2.0}},
                 "config":{"workloads":{"olio":{"qos":{"percentile":90,"limits":{"HomePage":"1s","Login":"1s","Logout":"1s",
                 "TagSearch":"2s","EventDetail":"2s","PersonDetail":"2s","AddPerson":"3s","AddEvent":"4s"}}}}}}""", RunFile.class);
        Html html = new Html();
        MixTable.render(html, 1, olio, run);
        String page = html.toString();

        assertThat(page).contains("olio: mix and p90 per operation").contains("Mix %").contains("Target %");
        assertThat(page).contains("26.2").contains("33.5"); // measured share = target here, 1000 matrix operations
        assertThat(page).contains("Logout").contains("FAIL") // Login p90 1500 ms > 1000 ms
                .doesNotContain("cycle.actual");
        assertThat(MixTable.millis("500ms")).hasValue(500);
        assertThat(MixTable.millis("2s")).hasValue(2000);
        assertThat(MixTable.millis("nonsense")).isEmpty();
    }

    private static OperationStats stats(long count, double p90Ms) {
        return new OperationStats(count, 0, p90Ms / 2, p90Ms / 2, p90Ms, p90Ms, p90Ms, p90Ms);
    }
}
