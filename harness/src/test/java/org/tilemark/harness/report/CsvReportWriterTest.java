package org.tilemark.harness.report;

import org.tilemark.harness.bundle.CsvColumns;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvReportWriterTest {
    @TempDir
    Path temp;

    @Test
    void intervalsCsvHasOneRowPerParsableLineWithMatchingValues() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);

        new CsvReportWriter().write(bundle);

        List<String> lines = Files.readAllLines(bundle.resolve("intervals.csv"));
        List<String> header = Arrays.asList(lines.getFirst().split(","));
        assertThat(header).startsWith("interval", "stage", "phase", "tile", "workload", "start")
                .contains("browse.count", "browse.p95Ms", "login.count", "purchase.count", "purchase.p95Ms");
        assertThat(lines).hasSize(1 + 15);

        List<String> jsonLines = Files.readAllLines(bundle.resolve("intervals.jsonl"));
        ObjectMapper mapper = new ObjectMapper();
        for (int i = 0; i < 15; i++) {
            JsonNode expected = mapper.readTree(jsonLines.get(i));
            List<String> row = Arrays.asList(lines.get(i + 1).split(",", -1));
            assertThat(row).hasSameSizeAs(header);
            assertThat(row.get(header.indexOf("interval"))).isEqualTo(expected.get("interval").asText());
            assertThat(row.get(header.indexOf("stage"))).isEqualTo(expected.get("stage").asText());
            assertThat(row.get(header.indexOf("phase"))).isEqualTo(expected.get("phase").asText());
            assertThat(Double.parseDouble(row.get(header.indexOf("throughput"))))
                    .isEqualTo(expected.get("throughput").asDouble());
            assertThat(row.get(header.indexOf("errors"))).isEqualTo(expected.get("errors").asText());
            assertThat(row.get(header.indexOf("rollbacks"))).isEqualTo(expected.get("rollbacks").asText());
            assertThat(row.get(header.indexOf("purchase.count")))
                    .isEqualTo(expected.at("/operations/purchase/count").asText());
            assertThat(Double.parseDouble(row.get(header.indexOf("purchase.p95Ms"))))
                    .isEqualTo(expected.at("/operations/purchase/p95Ms").asDouble());
        }
    }

    @Test
    void summaryCsvHasOneRowPerPhaseTileWorkloadFromTheScore() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);

        new CsvReportWriter().write(bundle);

        List<String> lines = Files.readAllLines(bundle.resolve("summary.csv"));
        assertThat(lines).hasSize(3);
        assertThat(lines.getFirst()).isEqualTo(String.join(",", CsvColumns.SUMMARY));
        assertThat(lines.get(1)).startsWith("1,1,dvdstore,orders/min,").contains(",true,").endsWith(",,score.json");
        assertThat(lines.get(2)).startsWith("2,1,dvdstore,orders/min,").contains(",false,")
                .endsWith(",p95 of purchase = 4101 ms > 2000 ms,score.json");
    }

    @Test
    void summaryFallsBackToIntervalsWithoutAScore() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        Files.delete(bundle.resolve("score.json"));

        new CsvReportWriter().write(bundle);

        List<String> lines = Files.readAllLines(bundle.resolve("summary.csv"));
        assertThat(lines).hasSize(3);
        // Phase 2 has intervals 10..15 with 1 error (interval 12) and 2 rollbacks (interval 13).
        List<String> phase2 = Arrays.asList(lines.get(2).split(",", -1));
        List<String> columns = CsvColumns.SUMMARY;
        assertThat(phase2.get(columns.indexOf("phase"))).isEqualTo("2");
        assertThat(phase2.get(columns.indexOf("reference"))).isEqualTo("300");
        assertThat(phase2.get(columns.indexOf("normalized"))).isEmpty();
        assertThat(phase2.get(columns.indexOf("passed"))).isEmpty();
        assertThat(phase2.get(columns.indexOf("errors"))).isEqualTo("1");
        assertThat(phase2.get(columns.indexOf("rollbacks"))).isEqualTo("2");
        assertThat(phase2.get(columns.indexOf("source"))).isEqualTo("intervals.jsonl");
    }

    @Test
    void quotesFieldsThatNeedIt() {
        assertThat(Csv.field("a,b")).isEqualTo("\"a,b\"");
        assertThat(Csv.field("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(Csv.field("plain")).isEqualTo("plain");
    }
}
