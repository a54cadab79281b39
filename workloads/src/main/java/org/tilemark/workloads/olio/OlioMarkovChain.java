package org.tilemark.workloads.olio;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * Faban's Olio operation mix: a Markov chain over seven operations (row = the operation just done,
 * columns = the chance in percent of each next one). The chain is the single source of truth: the
 * JMeter plan's script is generated from it and the mix rule's targets are its stationary distribution.
 */
public final class OlioMarkovChain {

    /** The operations of the chain, in Faban's order. */
    public static final List<String> OPERATIONS = List.of("HomePage", "Login", "TagSearch", "EventDetail",
            "PersonDetail", "AddPerson", "AddEvent");

    static final String FIRST_OPERATION = "HomePage";

    private static final int[][] TRANSITION_PERCENT = {
            {0, 11, 52, 36, 0, 1, 0},
            {0, 0, 60, 20, 0, 0, 20},
            {21, 6, 41, 31, 0, 1, 0},
            {72, 21, 0, 0, 6, 1, 0},
            {52, 6, 0, 31, 11, 0, 0},
            {0, 0, 0, 0, 100, 0, 0},
            {0, 0, 0, 100, 0, 0, 0},
    };

    private OlioMarkovChain() {
    }

    /** Row {@code from} of the matrix, in percent (a copy). */
    static int[] row(int from) {
        return TRANSITION_PERCENT[from].clone();
    }

    /** The next operation after {@code current}, drawn with {@code random}. */
    static String next(String current, RandomGenerator random) {
        int[] row = TRANSITION_PERCENT[OPERATIONS.indexOf(current)];
        int total = 0;
        for (int p : row) {
            total += p;
        }
        double draw = random.nextDouble() * total;
        for (int i = 0; i < row.length; i++) {
            draw -= row[i];
            if (draw < 0) {
                return OPERATIONS.get(i);
            }
        }
        return OPERATIONS.get(row.length - 1);
    }

    /**
     * The long-run share of each operation in percent: the left eigenvector of the transition matrix
     * for eigenvalue 1, found by power iteration (the chain is irreducible and aperiodic).
     */
    public static Map<String, Double> stationaryPercent() {
        int n = OPERATIONS.size();
        double[] share = new double[n];
        java.util.Arrays.fill(share, 1.0 / n);
        for (int iteration = 0; iteration < 10_000; iteration++) {
            double[] next = new double[n];
            for (int from = 0; from < n; from++) {
                double rowTotal = 0;
                for (int p : TRANSITION_PERCENT[from]) {
                    rowTotal += p;
                }
                for (int to = 0; to < n; to++) {
                    next[to] += share[from] * TRANSITION_PERCENT[from][to] / rowTotal;
                }
            }
            share = next;
        }
        Map<String, Double> percent = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            percent.put(OPERATIONS.get(i), 100.0 * share[i]);
        }
        return percent;
    }

    /** The matrix as a Groovy list literal, for the plan's script. */
    static String groovyMatrix() {
        StringBuilder groovy = new StringBuilder("[");
        for (int from = 0; from < TRANSITION_PERCENT.length; from++) {
            groovy.append(from == 0 ? "" : ", ").append(java.util.Arrays.toString(TRANSITION_PERCENT[from]));
        }
        return groovy.append(']').toString();
    }

    static String groovyOperations() {
        return OPERATIONS.stream().map(op -> "'" + op + "'").collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    }
}
