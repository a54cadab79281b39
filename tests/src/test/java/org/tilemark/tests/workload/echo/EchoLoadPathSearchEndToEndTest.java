package org.tilemark.tests.workload.echo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.report.Manifest;
import org.tilemark.tests.lanes.ChildRunLane;

/**
 * {@code tilemark search} as one run on the local platform, with the echo workload alone (light, so a tile passes
 * here): 1 tile, then tile 2 joins the running benchmark, then the maximum is verified. From the one bundle: each
 * tile's intervals run on without a gap from its join to the end, each step's verdict and phases are recorded and
 * its phases held exactly its tiles, and {@code tilemark verify} passes it and fails it once a step's tile count is
 * edited. Asserts no QoS: it runs at nice 19 beside the QoS-bearing local runs (a CI run saw echo's p95 at 1 s
 * there), so echo's limit is loosened until the first step always passes and the search reaches 2 tiles.
 */
@ChildRunLane
class EchoLoadPathSearchEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aTileJoinsTheRunningSearchWhileTheOthersDriversRunOnAndTheBundleVerifies() throws Exception {
        Map<String, String> settings = EchoWorkloadEndToEndTest.looseSearchSettings("e2e-echo-search");
        Path results = Path.of(settings.get("run.results"));

        EchoWorkloadEndToEndTest.Run search = EchoWorkloadEndToEndTest.harness(
                List.of("search", "--tiles", "1", "--max-tiles", "2"), settings);
        assertThat(search.exit()).as(search.output()).isIn(0, 1);
        Path bundle;
        try (Stream<Path> dirs = Files.list(results)) {
            bundle = dirs.filter(d -> d.getFileName().toString().startsWith("search-")).findFirst().orElseThrow();
        }
        List<JsonNode> steps = lines(bundle.resolve("steps.jsonl"));
        assertThat(steps).as(search.output()).isNotEmpty();
        for (JsonNode step : steps) {
            assertThat(step.get("verdict").asText()).isIn("compliant", "non-compliant");
            assertThat(step.get("phases")).as("step %s's phases", step.get("step")).isNotEmpty();
            assertThat(step.path("clusterCpuPercent").asDouble(-1)).as("step %s's cluster CPU (this machine's, as the local "
                    + "platform reads it)", step.get("step")).isBetween(0.0, 100.5);
            JsonNode harnessCpu = step.path("harnessCpu");
            assertThat(harnessCpu.path("cpuSeconds").asDouble()).as("step %s's harness CPU: the drivers ran", step.get("step"))
                    .isPositive();
            assertThat(harnessCpu.path("tileMinutes").asDouble()).as("step %s's tile-minutes", step.get("step")).isPositive();
        }
        assertThat(Files.readString(bundle.resolve("report.html"))).as("the report says what a step is")
                .contains("measured phases of the search").doesNotContain("with its own bundle")
                .contains("CPU by VM role");
        assertThat(steps.getFirst().get("verdict").asText()).as(search.output()).isEqualTo("compliant");
        assertThat(steps).extracting(s -> s.get("tiles").asInt()).as(search.output()).contains(1, 2);

        List<JsonNode> intervals = lines(bundle.resolve("intervals.jsonl"));
        Map<Integer, List<JsonNode>> byTile = intervals.stream().collect(Collectors.groupingBy(i -> i.get("tile").asInt(),
                TreeMap::new, Collectors.toList()));
        assertThat(byTile.keySet()).containsExactly(1, 2);
        byTile.forEach(EchoLoadPathSearchEndToEndTest::assertContiguous);
        int last = intervals.stream().mapToInt(i -> i.get("interval").asInt()).max().orElseThrow();
        assertThat(byTile.get(1).getFirst().get("interval").asInt()).isEqualTo(1);
        assertThat(byTile.get(1).getLast().get("interval").asInt()).as("tile 1 ran to the end").isEqualTo(last);
        assertThat(byTile.get(2).getFirst().get("interval").asInt()).as("tile 2 joined later").isGreaterThan(1);
        assertThat(byTile.get(2).getFirst().get("stage").asText()).as("tile 2 started with a warm-up").isEqualTo("warmup");
        for (JsonNode step : steps) {
            Set<Integer> tiles = IntStream.rangeClosed(1, step.get("tiles").asInt()).boxed().collect(Collectors.toSet());
            for (JsonNode phase : step.get("phases")) {
                assertThat(intervals.stream().filter(i -> i.get("stage").asText().equals("measure")
                                && i.get("phase").asInt() == phase.asInt()).map(i -> i.get("tile").asInt()).collect(Collectors.toSet()))
                        .as("the tiles measured in phase %s", phase).isEqualTo(tiles);
            }
        }

        // What each VM used per interval, as a run writes it: a tile's VMs from the interval after it joined (the first
        // reading is their baseline, not what they used since they booted) to its last.
        Map<Integer, List<Integer>> profiled = lines(bundle.resolve("vm-profile.jsonl")).stream().collect(Collectors.groupingBy(
                l -> l.get("tile").asInt(), TreeMap::new, Collectors.mapping(l -> l.get("interval").asInt(), Collectors.toList())));
        assertThat(profiled.keySet()).as("tiles with VM profile lines").containsExactly(1, 2);
        profiled.forEach((tile, profiledIntervals) -> assertThat(profiledIntervals).as("tile %d's profiled intervals", tile)
                .allSatisfy(interval -> assertThat(interval).isGreaterThan(byTile.get(tile).getFirst().get("interval").asInt())
                        .isLessThanOrEqualTo(byTile.get(tile).getLast().get("interval").asInt())));

        // The report rebuilt from the bundle is the search's (the bundle is also a run's: run.json, intervals.jsonl).
        EchoWorkloadEndToEndTest.Run report = EchoWorkloadEndToEndTest.harness(List.of("report", bundle.toString()), Map.of());
        assertThat(report.exit()).as(report.output()).isZero();
        assertThat(Files.readString(bundle.resolve("report.html"))).as("the rebuilt report")
                .contains("Tilemark search: ", "measured phases of the search", "CPU by VM role");

        EchoWorkloadEndToEndTest.Run verify = EchoWorkloadEndToEndTest.harness(List.of("verify", bundle.toString()), Map.of());
        assertThat(verify.exit()).as(verify.output()).isZero();
        assertThat(verify.output()).contains(steps.size() + " steps");

        // A step's tile count edited (in search.json and steps.jsonl alike): verify recomputes each step from its phases.
        Path edited = bundle.resolve("search.json");
        ObjectNode searchFile = (ObjectNode) JSON.readTree(edited.toFile());
        ((ObjectNode) searchFile.get("steps").get(0)).put("tiles", 2);
        JSON.writeValue(edited.toFile(), searchFile);
        List<String> stepLines = new ArrayList<>(Files.readAllLines(bundle.resolve("steps.jsonl"), StandardCharsets.UTF_8));
        stepLines.set(0, JSON.writeValueAsString(searchFile.get("steps").get(0)));
        Files.write(bundle.resolve("steps.jsonl"), stepLines, StandardCharsets.UTF_8);
        Manifest.write(bundle); // re-sealed: the recomputation, not the hash, must catch it
        EchoWorkloadEndToEndTest.Run tampered = EchoWorkloadEndToEndTest.harness(List.of("verify", bundle.toString()), Map.of());
        assertThat(tampered.exit()).as(tampered.output()).isEqualTo(1);
        assertThat(tampered.output()).contains("step 1");
    }

    /** One line per workload per interval from the tile's first to its last, each starting where the one before ended. */
    private static void assertContiguous(int tile, List<JsonNode> lines) {
        List<JsonNode> sorted = new ArrayList<>(lines);
        sorted.sort(Comparator.comparingInt(l -> l.get("interval").asInt()));
        Set<Integer> seen = new TreeSet<>();
        String end = null;
        int previous = 0;
        for (JsonNode line : sorted) {
            int interval = line.get("interval").asInt();
            if (seen.add(interval)) {
                if (previous != 0) {
                    assertThat(interval).as("tile %d's interval after %d", tile, previous).isEqualTo(previous + 1);
                    assertThat(line.get("start").asText()).as("tile %d's interval %d starts where %d ended", tile, interval,
                            previous).isEqualTo(end);
                }
                previous = interval;
                end = line.get("end").asText();
            }
        }
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> read = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                read.add(JSON.readTree(line));
            }
        }
        return read;
    }
}
