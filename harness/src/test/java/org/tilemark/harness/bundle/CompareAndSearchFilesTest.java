package org.tilemark.harness.bundle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.scoring.RunVerdict;

/** compare.json, search.json, steps.jsonl and search-config.json: written and read as their records, old files too. */
class CompareAndSearchFilesTest {

    private static final Path OLD_COMPARE = Path.of("src/test/resources/bundles/format1-compare");
    private static final Path OLD_SEARCH = Path.of("src/test/resources/bundles/format1-search");

    @TempDir
    Path dir;

    @Test
    void aCompareJsonWrittenBeforeItDeclaredAFormatReads() throws Exception {
        CompareFile old = BundleReader.of(OLD_COMPARE).compare().orElseThrow();

        assertThat(old.verdict().outcome()).isEqualTo("b-slower");
        assertThat(old.level()).isEqualTo(0.95);
        assertThat(old.a()).singleElement().extracting(CompareFile.Run::tiles).isEqualTo(1);
        assertThat(old.onlyInA()).containsExactly("mail p95 send");
        assertThat(old.metrics()).hasSize(2);
        assertThat(old.metrics().get(0).percent()).isEqualTo(-20.0);
        assertThat(old.metrics().get(1).meanB()).as("JSON null: a side that never sampled it").isNull();
    }

    @Test
    void aCompareFileReadsBackAsWrittenWithItsFormat() throws Exception {
        CompareFile old = BundleReader.of(OLD_COMPARE).compare().orElseThrow();

        ResultsBundle.writeCompare(dir, old);

        assertThat(BundleReader.of(dir).compare()).contains(old);
        assertThat(new ObjectMapper().readTree(dir.resolve(BundleLayout.COMPARE).toFile()).path("format").path("version").asInt())
                .isEqualTo(BundleFormat.COMPARE.version());
    }

    @Test
    void aFormatThisTilemarkDoesNotKnowIsRefusedNamingIt() throws Exception {
        Files.writeString(dir.resolve(BundleLayout.COMPARE), "{\"format\":{\"name\":\"tilemark-compare\",\"version\":9}}");
        Files.writeString(dir.resolve(BundleLayout.SEARCH), "{\"format\":{\"name\":\"tilemark-bundle\",\"version\":2}}");

        assertThatThrownBy(() -> BundleReader.of(dir).compare()).isInstanceOf(UnsupportedBundleFormat.class)
                .hasMessage("compare.json declares the format tilemark-compare version 9; this Tilemark reads versions 1 to 2");
        assertThatThrownBy(() -> BundleReader.of(dir).search()).isInstanceOf(UnsupportedBundleFormat.class)
                .hasMessageStartingWith("search.json declares the format {\"name\":\"tilemark-bundle\"");
    }

    @Test
    void aSearchWrittenBeforeItsFilesDeclaredAFormatReads() throws Exception {
        BundleReader reader = BundleReader.of(OLD_SEARCH);
        SearchFile old = reader.search().orElseThrow();

        assertThat(old.maxTiles()).isEqualTo(1);
        assertThat(old.steps()).extracting(SearchFile.Step::verdict)
                .containsExactly(RunVerdict.COMPLIANT, RunVerdict.NON_COMPLIANT, RunVerdict.FAILED);
        assertThat(old.steps().get(0).confidence()).isEqualTo(new SearchFile.Confidence(0.98, 1.06, 0.95));
        assertThat(old.steps().get(2).confidence()).as("a step without a score has no interval").isNull();
        assertThat(old.steps().get(2).bundle()).isNull();
        assertThat(old.steps()).as("written before steps held the harness's CPU").extracting(SearchFile.Step::harnessCpu)
                .containsOnlyNulls();
        BundleReader.Lines<SearchFile.Step> lines = reader.searchSteps().orElseThrow();
        assertThat(lines.bad()).isEmpty();
        assertThat(lines.values()).isEqualTo(old.steps());
        assertThat(reader.searchConfig().orElseThrow().searchId()).isEqualTo("search-20261127-2301-a1b2");
    }

    @Test
    void aSearchReadsBackAsWrittenAndAStepLineAsTheStep() throws Exception {
        SearchFile read = BundleReader.of(OLD_SEARCH).search().orElseThrow();
        SearchFile.Step first = read.steps().getFirst();
        List<SearchFile.Step> steps = new java.util.ArrayList<>(read.steps());
        steps.add(new SearchFile.Step(4, 2, false, RunVerdict.COMPLIANT, 1.9, 2.0, 1.1, 40.5,
                new ScoreFile.HarnessCpu(7.5, 2.0, 3.75), first.confidence(), List.of(), null, List.of(4), false));
        SearchFile old = new SearchFile(read.maxTiles(), read.score(), read.tileScale(), read.headline(), read.explanation(),
                read.cappedAtMax(), read.failure(), steps);

        try (ResultsBundle bundle = ResultsBundle.createPlain(dir.resolve("search"))) {
            bundle.writeSearchConfig(new SearchFile.Config("search-1", Map.of("run", Map.of("tiles", 1))));
            old.steps().forEach(bundle::appendSearchStep);
            bundle.writeSearch(old);
        }

        BundleReader reader = BundleReader.of(dir.resolve("search"));
        assertThat(reader.search()).contains(old);
        assertThat(reader.search().orElseThrow().steps().getLast().harnessCpu()).isEqualTo(new ScoreFile.HarnessCpu(7.5, 2.0, 3.75));
        assertThat(reader.searchSteps().orElseThrow().values()).isEqualTo(old.steps());
        assertThat(reader.searchConfig().orElseThrow().config()).isEqualTo(Map.of("run", Map.of("tiles", 1)));
        // A plain mapper (the web app's live state) writes a step as steps.jsonl holds it: the verdict as its word.
        com.fasterxml.jackson.databind.JsonNode plain = new ObjectMapper().valueToTree(old.steps().get(1));
        assertThat(plain).isEqualTo(new ObjectMapper().readTree(Files.readAllLines(dir.resolve("search").resolve(BundleLayout.SEARCH_STEPS)).get(1)));
        assertThat(plain.path("verdict").asText()).isEqualTo("non-compliant");
    }
}
