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

    /**
     * Faban's per-operation minimum cycle (the start-to-start gap before the operation) as a share of
     * the mean cycle: AddEvent's 3 s at Faban's 5 s mean. Relative, so a shortened cycle (a test's
     * 50 ms) keeps the same shape.
     */
    static final Map<String, Double> MIN_CYCLE_SHARE = Map.of("AddEvent", 0.6);

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

    /** Computed once: the mix rule asks at every phase of every tile. */
    private static final Map<String, Double> STATIONARY_PERCENT = computeStationaryPercent();
    private static final Map<String, Double> SHARE_VARIANCE_FACTORS = computeShareVarianceFactors();

    /**
     * The long-run share of each operation in percent: the left eigenvector of the transition matrix
     * for eigenvalue 1, found by power iteration (the chain is irreducible and aperiodic).
     */
    public static Map<String, Double> stationaryPercent() {
        return STATIONARY_PERCENT;
    }

    private static Map<String, Double> computeStationaryPercent() {
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
        return java.util.Collections.unmodifiableMap(percent);
    }

    /** The matrix as a Groovy list literal, for the plan's script. */
    static String groovyMatrix() {
        StringBuilder groovy = new StringBuilder("[");
        for (int from = 0; from < TRANSITION_PERCENT.length; from++) {
            groovy.append(from == 0 ? "" : ", ").append(java.util.Arrays.toString(TRANSITION_PERCENT[from]));
        }
        return groovy.append(']').toString();
    }

    /**
     * How much more (or less) an operation's share wanders over a phase than if operations were drawn
     * independently: the chain's asymptotic variance of the share over {@code p (1 - p)}. Consecutive
     * operations are correlated (HomePage never follows itself, TagSearch often does), so HomePage's
     * share is steadier (about 0.5) and TagSearch's noisier (about 1.2) than independent draws.
     * Computed from the fundamental matrix {@code Z = (I - P + 1 pi)^-1}: variance {@code 2 pi_i Z_ii - pi_i - pi_i^2}.
     */
    public static Map<String, Double> shareVarianceFactors() {
        return SHARE_VARIANCE_FACTORS;
    }

    private static Map<String, Double> computeShareVarianceFactors() {
        int n = OPERATIONS.size();
        double[] pi = stationary();
        double[][] a = probabilities();
        for (int from = 0; from < n; from++) {
            for (int to = 0; to < n; to++) {
                a[from][to] = (from == to ? 1 : 0) - a[from][to] + pi[to];
            }
        }
        double[][] z = invert(a);
        Map<String, Double> factors = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            double variance = 2 * pi[i] * z[i][i] - pi[i] - pi[i] * pi[i];
            factors.put(OPERATIONS.get(i), variance / (pi[i] * (1 - pi[i])));
        }
        return java.util.Collections.unmodifiableMap(factors);
    }

    /**
     * The variance factors over a phase in which each user does {@code stepsPerUser} operations, from a
     * stationary start: the variance of one user's count of operation {@code i} over {@code m} steps,
     * {@code m pi_i (1 - pi_i) + 2 sum_{k=1}^{m-1} (m - k) pi_i (P^k_ii - pi_i)}, over {@code m pi_i (1 - pi_i)}.
     * Over a few steps a share wanders more than the asymptotic factor says where that is below 1
     * (HomePage cannot follow itself, but over nine steps the users' paths still differ); with many steps
     * it tends to {@link #shareVarianceFactors()}. Users are independent, so the phase's factor is one user's.
     */
    public static Map<String, Double> shareVarianceFactors(long stepsPerUser) {
        if (stepsPerUser < 1) {
            throw new IllegalArgumentException("stepsPerUser must be at least 1 (got " + stepsPerUser + ")");
        }
        int n = OPERATIONS.size();
        double[] pi = stationary();
        double[][] p = probabilities();
        double[] covarianceSum = new double[n];
        double[][] power = p;
        // P^k converges geometrically to 1 pi: stop once every term is below what a double's sum can hold.
        for (long k = 1; k < stepsPerUser; k++) {
            double largest = 0;
            for (int i = 0; i < n; i++) {
                double term = (stepsPerUser - k) * pi[i] * (power[i][i] - pi[i]);
                covarianceSum[i] += term;
                largest = Math.max(largest, Math.abs(power[i][i] - pi[i]));
            }
            if (largest < 1e-15) {
                break;
            }
            power = multiply(power, p);
        }
        Map<String, Double> factors = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            double single = stepsPerUser * pi[i] * (1 - pi[i]);
            factors.put(OPERATIONS.get(i), (single + 2 * covarianceSum[i]) / single);
        }
        return java.util.Collections.unmodifiableMap(factors);
    }

    /** The stationary distribution as probabilities, in {@link #OPERATIONS} order. */
    private static double[] stationary() {
        return STATIONARY_PERCENT.values().stream().mapToDouble(percent -> percent / 100.0).toArray();
    }

    /** The transition matrix as probabilities (each row sums to 1), a fresh copy. */
    private static double[][] probabilities() {
        int n = OPERATIONS.size();
        double[][] p = new double[n][n];
        for (int from = 0; from < n; from++) {
            double rowTotal = java.util.Arrays.stream(TRANSITION_PERCENT[from]).sum();
            for (int to = 0; to < n; to++) {
                p[from][to] = TRANSITION_PERCENT[from][to] / rowTotal;
            }
        }
        return p;
    }

    private static double[][] multiply(double[][] a, double[][] b) {
        int n = a.length;
        double[][] product = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                for (int j = 0; j < n; j++) {
                    product[i][j] += a[i][k] * b[k][j];
                }
            }
        }
        return product;
    }

    /** Gauss-Jordan with partial pivoting; the matrix is small and well conditioned. */
    private static double[][] invert(double[][] matrix) {
        int n = matrix.length;
        double[][] m = new double[n][2 * n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(matrix[i], 0, m[i], 0, n);
            m[i][n + i] = 1;
        }
        for (int column = 0; column < n; column++) {
            int pivot = column;
            for (int row = column + 1; row < n; row++) {
                if (Math.abs(m[row][column]) > Math.abs(m[pivot][column])) {
                    pivot = row;
                }
            }
            double[] swap = m[column];
            m[column] = m[pivot];
            m[pivot] = swap;
            double divisor = m[column][column];
            for (int k = 0; k < 2 * n; k++) {
                m[column][k] /= divisor;
            }
            for (int row = 0; row < n; row++) {
                double factor = m[row][column];
                if (row != column && factor != 0) {
                    for (int k = 0; k < 2 * n; k++) {
                        m[row][k] -= factor * m[column][k];
                    }
                }
            }
        }
        double[][] inverse = new double[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(m[i], n, inverse[i], 0, n);
        }
        return inverse;
    }

    /** {@link #MIN_CYCLE_SHARE} as a Groovy map literal, for the plan's script. */
    static String groovyMinCycleShares() {
        return MIN_CYCLE_SHARE.entrySet().stream().map(e -> "'" + e.getKey() + "': " + e.getValue() + "d")
                .collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    }

    static String groovyOperations() {
        return OPERATIONS.stream().map(op -> "'" + op + "'").collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    }
}
