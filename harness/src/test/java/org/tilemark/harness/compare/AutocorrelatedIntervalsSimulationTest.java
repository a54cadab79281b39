package org.tilemark.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.compare.CompareVerdict.Outcome;

/**
 * Issue 16: A and B, each three runs of one configuration whose 10 s intervals are autocorrelated as
 * real ones are (an AR(1) process, phi 0.9: a slow interval is followed by slow ones), must compare as
 * "no significant difference" in at least 19 of 20 trials (fixed seeds). Pooling intervals as
 * independent samples fails this: the test also counts how often that would have claimed a difference,
 * to show what it guards against.
 */
class AutocorrelatedIntervalsSimulationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RUNS = 3;
    private static final int PHASES = 3;
    private static final int INTERVALS_PER_PHASE = 6;
    private static final double PHI = 0.9;
    private static final double REFERENCE = 300;

    @TempDir
    Path temp;

    @Test
    void identicalConfigurationsAreNoSignificantDifferenceIn19Of20Trials() throws Exception {
        int noDifference = 0;
        int pooledIntervalsClaimedOne = 0;
        List<String> lines = new ArrayList<>();
        for (int trial = 1; trial <= 20; trial++) {
            List<RunSamples> a = new ArrayList<>();
            List<RunSamples> b = new ArrayList<>();
            List<Double> intervalsA = new ArrayList<>();
            List<Double> intervalsB = new ArrayList<>();
            for (int run = 0; run < RUNS; run++) {
                Simulated simulatedA = bundle(temp.resolve("a" + trial + "-" + run), new SplittableRandom(1000L * trial + 10 + run));
                Simulated simulatedB = bundle(temp.resolve("b" + trial + "-" + run), new SplittableRandom(1000L * trial + 20 + run));
                a.add(BundleSamples.load(simulatedA.directory()));
                b.add(BundleSamples.load(simulatedB.directory()));
                intervalsA.addAll(simulatedA.throughput());
                intervalsB.addAll(simulatedB.throughput());
            }

            CompareVerdict verdict = Comparison.of(a, b, WelchTest.LEVEL_95).verdict();
            lines.add(verdict.line());
            noDifference += verdict.outcome() == Outcome.NO_SIGNIFICANT_DIFFERENCE ? 1 : 0;
            assertThat(verdict.line()).contains("; unit: run (3 A, 3 B);");

            WelchTest.Difference pooled = WelchTest.of(intervalsA, intervalsB, WelchTest.LEVEL_95);
            pooledIntervalsClaimedOne += pooled.pValue() < 0.05 ? 1 : 0;
        }
        System.out.printf("no significant difference in %d of 20 trials; pooled intervals would claim one in %d%n",
                noDifference, pooledIntervalsClaimedOne);

        assertThat(noDifference).as(String.join("\n", lines)).isGreaterThanOrEqualTo(19);
        assertThat(pooledIntervalsClaimedOne).as("the intervals are autocorrelated enough to fool pooled intervals")
                .isGreaterThan(1);
    }

    private record Simulated(Path directory, List<Double> throughput) {
    }

    /** One run: 1 tile of one workload, AR(1) throughput and latency over warm-up and the phases. */
    private static Simulated bundle(Path directory, SplittableRandom random) throws IOException {
        Files.createDirectories(directory);
        double throughputDeviation = 0;
        double latencyDeviation = 0;
        for (int warmup = 0; warmup < 30; warmup++) { // reach the process's stationary state
            throughputDeviation = PHI * throughputDeviation + 12 * gaussian(random);
            latencyDeviation = PHI * latencyDeviation + 0.08 * gaussian(random);
        }
        StringBuilder intervals = new StringBuilder();
        List<Double> throughput = new ArrayList<>();
        ObjectNode score = JSON.createObjectNode().put("runId", directory.getFileName().toString()).put("tiles", 1);
        var phases = score.putArray("phases");
        for (int phase = 1; phase <= PHASES; phase++) {
            double sum = 0;
            for (int i = 0; i < INTERVALS_PER_PHASE; i++) {
                throughputDeviation = PHI * throughputDeviation + 12 * gaussian(random);
                latencyDeviation = PHI * latencyDeviation + 0.08 * gaussian(random);
                double tput = REFERENCE + throughputDeviation;
                throughput.add(tput);
                sum += tput;
                ObjectNode line = JSON.createObjectNode().put("stage", "measure").put("phase", phase).put("tile", 1)
                        .put("workload", "dvdstore").put("metric", "orders/min").put("throughput", tput);
                line.putObject("operations").putObject("purchase").put("count", 40)
                        .put("p95Ms", 200 * Math.exp(latencyDeviation));
                intervals.append(JSON.writeValueAsString(line)).append('\n');
            }
            double phaseScore = sum / INTERVALS_PER_PHASE / REFERENCE;
            phases.addObject().put("phase", phase).put("score", phaseScore).put("application", phaseScore);
        }
        score.put("scoreLine", "Score: simulated");
        Files.writeString(directory.resolve("intervals.jsonl"), intervals);
        JSON.writeValue(directory.resolve("score.json").toFile(), score);
        return new Simulated(directory, throughput);
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
