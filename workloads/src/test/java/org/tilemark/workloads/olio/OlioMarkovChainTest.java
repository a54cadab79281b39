package org.tilemark.workloads.olio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OlioMarkovChainTest {

    /** Faban's published steady-state mix of Olio (facts.md). */
    static final Map<String, Double> FABAN_MIX = Map.of("HomePage", 26.2, "Login", 10.2, "TagSearch", 33.5,
            "EventDetail", 24.7, "PersonDetail", 2.6, "AddPerson", 0.8, "AddEvent", 2.0);

    @Test
    void stationaryDistributionMatchesFabansMix() {
        Map<String, Double> stationary = OlioMarkovChain.stationaryPercent();
        assertEquals(FABAN_MIX.keySet(), stationary.keySet());
        FABAN_MIX.forEach((op, share) -> assertEquals(share, stationary.get(op), 0.2, op));
        assertEquals(100.0, stationary.values().stream().mapToDouble(Double::doubleValue).sum(), 1e-9);
    }

    @Test
    void everyRowIsADistribution() {
        for (int from = 0; from < OlioMarkovChain.OPERATIONS.size(); from++) {
            int total = 0;
            for (int p : OlioMarkovChain.row(from)) {
                total += p;
            }
            assertEquals(100, total, OlioMarkovChain.OPERATIONS.get(from));
        }
    }

    @Test
    void simulatedWalkHasTheTargetMix() {
        SplittableRandom random = new SplittableRandom(42);
        Map<String, Integer> counts = new HashMap<>();
        String op = OlioMarkovChain.FIRST_OPERATION;
        int steps = 20_000;
        for (int i = 0; i < steps; i++) {
            op = OlioMarkovChain.next(op, random);
            counts.merge(op, 1, Integer::sum);
        }
        FABAN_MIX.forEach((name, share) -> assertEquals(share, 100.0 * counts.getOrDefault(name, 0) / steps, 1.0, name));
    }

    @Test
    void groovyLiteralsCarryTheSameMatrix() {
        assertEquals("['HomePage', 'Login', 'TagSearch', 'EventDetail', 'PersonDetail', 'AddPerson', 'AddEvent']",
                OlioMarkovChain.groovyOperations());
        String matrix = OlioMarkovChain.groovyMatrix();
        assertEquals("[[0, 11, 52, 36, 0, 1, 0], [0, 0, 60, 20, 0, 0, 20], [21, 6, 41, 31, 0, 1, 0], "
                + "[72, 21, 0, 0, 6, 1, 0], [52, 6, 0, 31, 11, 0, 0], [0, 0, 0, 0, 100, 0, 0], [0, 0, 0, 100, 0, 0, 0]]", matrix);
    }
}
