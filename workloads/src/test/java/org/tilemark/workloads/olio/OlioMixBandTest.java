package org.tilemark.workloads.olio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.TileScale;
import org.tilemark.scoring.MixRule;
import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.QosRule;
import org.tilemark.scoring.WorkloadResult;

/**
 * The Olio mix rule, as {@link OlioWorkload#qosRules} builds it, against simulated phases of the real
 * driver's users: each follows Faban's chain from its first operation ({@link OlioMarkovChain}), on its own
 * schedule ({@link OlioSchedule}: arrival within one mean cycle, exponential start-to-start gaps, truncated,
 * AddEvent's minimum), through the warm-up; a phase counts the operations whose intended start falls in it.
 * A faithful driver must fail at most the rule's chance, {@code 100 - confidence} percent of phases; a driver
 * whose mix is off by more than Faban's 2 points must fail at the lengths Faban judges.
 * Loads: the quick profile (the defaults at their tile scale: 27 users, 60 s phases after 30 s of warm-up),
 * Faban's 300 s steady state at the standard tile (390 users), and the standard profile's 1 h phase.
 */
class OlioMixBandTest {

    /** A phase: the configured users, warm-up and phase length. */
    record Load(String name, OlioSpec olio, Duration warmup, Duration phase, MixRule rule) {
        static Load of(String name, BenchmarkSpec spec, Duration warmup, Duration phase) {
            BenchmarkSpec scaled = TileScale.apply(spec);
            return new Load(name, scaled.workloads().section(OlioSpec.class), warmup, phase, mixRule(scaled));
        }
    }

    private static final BenchmarkSpec QUICK_SPEC = ConfigLoader.defaults();
    private static final BenchmarkSpec STANDARD_SPEC = ConfigLoader.standard();
    private static final Load QUICK = Load.of("quick profile", QUICK_SPEC, QUICK_SPEC.run().warmup(),
            QUICK_SPEC.run().phaseDuration());
    // The chain forgets its first operation within a few steps: a minute of warm-up stands for the standard's 30.
    private static final Load FABAN_STEADY_STATE = Load.of("Faban's 300 s at the standard tile",
            load(Map.of("run.profile", "standard", "run.phaseDuration", "300s")), Duration.ofMinutes(1), Duration.ofSeconds(300));
    private static final Load STANDARD = Load.of("standard profile", STANDARD_SPEC, Duration.ofMinutes(1),
            STANDARD_SPEC.run().phaseDuration());
    /** The end-to-end tests' Olio (tests module, E2e): 10 users on a 2 s cycle, 20 s phases after 20 s of warm-up. */
    private static final Load END_TO_END = Load.of("end-to-end tests' phases", load(Map.of("run.tileScale", "1",
            "workloads.olio.users", "10", "workloads.olio.cycleTime", "2s", "run.phaseDuration", "20s", "run.interval", "10s")),
            Duration.ofSeconds(20), Duration.ofSeconds(20));
    /** Drivers that run HomePage for this share of the TagSearches the chain asks for: TagSearch about 3.1 / 2.5 points low. */
    private static final double THREE_POINTS_OFF = 0.10;
    private static final double TWO_AND_A_HALF_POINTS_OFF = 0.08;

    private static final Map<String, Double> TARGET = OlioMarkovChain.stationaryPercent();

    @Test
    void theLoadsAreTheConfiguredOnes() {
        assertThat(QUICK.olio().users()).isEqualTo(27); // 390 x 0.07
        assertThat(QUICK.phase()).isEqualTo(Duration.ofSeconds(60));
        assertThat(QUICK.warmup()).isEqualTo(Duration.ofSeconds(30));
        assertThat(STANDARD.olio().users()).isEqualTo(390);
        assertThat(STANDARD.phase()).isEqualTo(Duration.ofHours(1));
        assertThat(QUICK.rule().confidencePercent()).isEqualTo(OlioWorkload.MIX_CONFIDENCE_PERCENT);
        assertThat(QUICK.rule().tolerancePointsFloor()).isEqualTo(2); // Faban's band
    }

    @Test
    void aFaithfulDriverFailsShortPhasesAtMostAtTheRulesChance() {
        SplittableRandom random = new SplittableRandom(20261127);
        for (Load load : List.of(QUICK, END_TO_END)) {
            int phases = 10_000;
            int failures = failures(random, load, phases, 0);
            double allowed = (100 - OlioWorkload.MIX_CONFIDENCE_PERCENT) / 100 * phases;
            System.out.printf("faithful driver, %s: %d of %d phases fail the mix rule (at most %.0f allowed)%n",
                    load.name(), failures, phases, allowed);
            assertThat(failures).as(load.name()).isLessThanOrEqualTo((int) Math.round(allowed));
        }
    }

    @Test
    void aFaithfulDriverPassesTheLongPhases() {
        SplittableRandom random = new SplittableRandom(20261128);
        for (Load load : List.of(FABAN_STEADY_STATE, STANDARD)) {
            int phases = load == STANDARD ? 20 : 300; // 280,800 and 23,400 operations a phase: seconds each
            int failures = failures(random, load, phases, 0);
            System.out.printf("faithful driver, %s: %d of %d phases fail the mix rule%n", load.name(), failures, phases);
            assertThat(failures).as(load.name()).isLessThanOrEqualTo(phases / 100);
        }
    }

    @Test
    void aMixOffByMoreThanFabansMarginFailsAtTheLengthsFabanJudges() {
        SplittableRandom random = new SplittableRandom(7);
        Map<String, Long> longRun = counts(random, new Load("long run", QUICK.olio(), Duration.ZERO,
                Duration.ofDays(1), QUICK.rule()), THREE_POINTS_OFF);
        assertThat(share(longRun, "TagSearch") - TARGET.get("TagSearch")).isCloseTo(-3.1, within(0.3));
        assertThat(share(longRun, "HomePage") - TARGET.get("HomePage")).isCloseTo(2.8, within(0.3));

        for (Load load : List.of(QUICK, FABAN_STEADY_STATE, STANDARD)) {
            int phases = load == QUICK ? 2_000 : load == STANDARD ? 20 : 300;
            double threePoints = 1.0 * failures(random, load, phases, THREE_POINTS_OFF) / phases;
            double twoAndAHalf = 1.0 * failures(random, load, phases, TWO_AND_A_HALF_POINTS_OFF) / phases;
            System.out.printf("power, %s: %.1f %% of phases fail with TagSearch 3.1 points low, %.1f %% at 2.5 points%n",
                    load.name(), 100 * threePoints, 100 * twoAndAHalf);
            if (load != QUICK) { // a quick phase's 324 operations cannot resolve 3 points
                assertThat(threePoints).as(load.name()).isGreaterThanOrEqualTo(0.99);
            }
        }
    }

    @Test
    void theVarianceFactorsComeFromTheChain() {
        // Consecutive operations are correlated: HomePage never follows itself, TagSearch often does.
        Map<String, Double> asymptotic = OlioMarkovChain.shareVarianceFactors();
        assertThat(asymptotic.get("HomePage")).isCloseTo(0.48, within(0.02));
        assertThat(asymptotic.get("TagSearch")).isCloseTo(1.22, within(0.02));
        // One step is one independent draw; many steps tend to the asymptotic factor.
        OlioMarkovChain.shareVarianceFactors(1).values().forEach(factor -> assertThat(factor).isCloseTo(1, within(1e-9)));
        OlioMarkovChain.shareVarianceFactors(100_000).forEach((operation, factor) ->
                assertThat(factor).as(operation).isCloseTo(asymptotic.get(operation), within(0.01)));
        // Over a quick phase's twelve steps HomePage's share wanders more than the asymptote says.
        assertThat(OlioMarkovChain.shareVarianceFactors(12).get("HomePage")).isGreaterThan(asymptotic.get("HomePage") + 0.02);
    }

    private static int failures(SplittableRandom random, Load load, int phases, double skipTagSearch) {
        int failures = 0;
        for (int phase = 0; phase < phases; phase++) {
            failures += load.rule().check(result(counts(random, load, skipTagSearch), load.phase())).passed() ? 0 : 1;
        }
        return failures;
    }

    /** Every user's operations whose intended start falls in the phase, after the warm-up. */
    private static Map<String, Long> counts(SplittableRandom random, Load load, double skipTagSearch) {
        Map<String, Long> counts = new LinkedHashMap<>();
        OlioMarkovChain.OPERATIONS.forEach(operation -> counts.put(operation, 0L));
        long phaseStart = load.warmup().toNanos();
        long phaseEnd = phaseStart + load.phase().toNanos();
        for (int user = 0; user < load.olio().users(); user++) {
            OlioSchedule schedule = new OlioSchedule(0, load.olio().cycleTime(), load.olio().maxCycleFactor(), random);
            String current = OlioMarkovChain.FIRST_OPERATION;
            long intended = schedule.next(current, 0).intendedNanos();
            while (intended < phaseEnd) {
                if (intended >= phaseStart) {
                    counts.merge(current, 1L, Long::sum);
                }
                current = OlioMarkovChain.next(current, random);
                if (current.equals("TagSearch") && random.nextDouble() < skipTagSearch) {
                    current = "HomePage";
                }
                intended = schedule.next(current, 0).intendedNanos();
            }
        }
        return counts;
    }

    private static WorkloadResult result(Map<String, Long> counts, Duration phase) {
        Map<String, OperationStats> operations = new LinkedHashMap<>();
        counts.forEach((operation, count) -> operations.put(operation, new OperationStats(count, 0, 1, 1, 1, 1, 1, 1)));
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        return new WorkloadResult(1, "olio", "ops/s", total / (double) phase.toSeconds(), phase, operations, total, 0, 0, 0,
                Map.of());
    }

    private static MixRule mixRule(BenchmarkSpec spec) {
        List<QosRule> rules = new OlioWorkload().qosRules(spec);
        return rules.stream().filter(MixRule.class::isInstance).map(MixRule.class::cast).findFirst().orElseThrow();
    }

    private static BenchmarkSpec load(Map<String, String> settings) {
        try {
            return ConfigLoader.load(Optional.empty(), settings);
        } catch (ConfigException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static double share(Map<String, Long> counts, String operation) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        return 100.0 * counts.get(operation) / total;
    }
}
