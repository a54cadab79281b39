package org.tilemark.harness.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WrittenDiffTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode tree(String json) throws Exception {
        return JSON.readTree(json.replace('\'', '"'));
    }

    @Test
    void namesTheFirstDifferenceByPathAndWorkloadName() throws Exception {
        JsonNode recomputed = tree("{'phases':[{'tiles':[{'workloads':[{'workload':'dvdstore','throughput':301.5}]}]},"
                + "{'tiles':[{'workloads':[{'workload':'dvdstore','throughput':301.5}]}]}]}");
        JsonNode recorded = tree("{'phases':[{'tiles':[{'workloads':[{'workload':'dvdstore','throughput':301.5}]}]},"
                + "{'tiles':[{'workloads':[{'workload':'dvdstore','throughput':298.0}]}]}]}");

        assertThat(WrittenDiff.first("score.json", recorded, recomputed, Set.of())).contains(
                "score.json phases[1].tiles[0].workloads[dvdstore].throughput: recorded 298.0, recomputed 301.5");
    }

    @Test
    void equalNumbersOfDifferentJsonTypesMatchAndIgnoredFieldsAreSkipped() throws Exception {
        JsonNode recomputed = tree("{'count':3.0,'events':[1]}");
        JsonNode recorded = tree("{'count':3,'events':[2]}");

        assertThat(WrittenDiff.first("x", recorded, recomputed, Set.of("events"))).isEmpty();
    }

    @Test
    void aFieldScoringDoesNotWriteIsAMismatch() throws Exception {
        assertThat(WrittenDiff.first("score.json", tree("{'a':1,'bonus':2}"), tree("{'a':1}"), Set.of()))
                .contains("score.json bonus: recorded 2, recomputed nothing (not a field scoring writes)");
    }

    @Test
    void aMissingFieldOrEntryIsAMismatch() throws Exception {
        assertThat(WrittenDiff.first("f", tree("{'a':{}}"), tree("{'a':{'b':1}}"), Set.of()))
                .contains("f a.b: recorded nothing, recomputed 1");
        assertThat(WrittenDiff.first("f", tree("{'a':[1]}"), tree("{'a':[1,2]}"), Set.of()))
                .contains("f a[1]: recorded nothing, recomputed 2");
        assertThat(WrittenDiff.first("f", tree("{'a':[1,3]}"), tree("{'a':[1]}"), Set.of()))
                .contains("f a[1]: recorded 3, recomputed nothing");
    }
}
