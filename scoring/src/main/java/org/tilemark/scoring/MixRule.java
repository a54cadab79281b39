package org.tilemark.scoring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The measured operation mix must match its target. An operation passes when its share is within the
 * fixed band, {@code |measured% − target%| <= max(target% × tolerancePercentRelative / 100, tolerancePointsFloor)},
 * or when its count is one that chance gives a faithful driver at the rule's confidence level
 * ({@link MixChance}: the count's exact binomial tails, scaled by the operation's variance factor, with
 * the confidence shared among the operations). Shares are taken over the named operations only (an
 * operation outside the mix, such as Olio's Logout, does not dilute it), and targets are normalized to
 * sum to 100 over those operations.
 *
 * <p>Why a floor: Weathervane allows ±10 % relative, but a ±10 % band on a 0.8 % operation is ±0.08
 * percentage points, far below the noise of the few hundred samples a phase holds. Faban's own Olio rule
 * is 2 percentage points absolute; the floor restores it for rare operations.
 *
 * <p>Why a chance test: even 2 points cannot be resolved from a few hundred operations, so a phase too
 * short to show a deviation is not failed for it; a long phase's chance band is far inside Faban's 2
 * points, so there Faban's rule decides.
 *
 * @param targetPercent            target share per operation, each in (0, 100]; order kept
 * @param tolerancePercentRelative allowed |measured − target| / target, in percent
 * @param tolerancePointsFloor     the band is never narrower than this many percentage points; 0 for none
 * @param confidencePercent        a faithful driver's phase passes with at least this probability, in
 *                                 percent; 0 for no chance test (the fixed band alone decides)
 * @param shareVarianceFactor      per operation, the variance of its count over that of independent draws
 *                                 (1 when absent)
 */
public record MixRule(Map<String, Double> targetPercent, double tolerancePercentRelative,
        double tolerancePointsFloor, double confidencePercent, Map<String, Double> shareVarianceFactor)
        implements QosRule {

    // Shares are ratios of counts; do not fail an operation sitting exactly on its band edge by rounding.
    private static final double EDGE_SLACK_POINTS = 1e-9;

    public MixRule {
        targetPercent = Require.mapCopy(targetPercent, "targetPercent");
        if (targetPercent.isEmpty()) {
            throw new IllegalArgumentException("targetPercent must name at least one operation");
        }
        targetPercent.forEach((operation, share) -> {
            Require.percent(share, "targetPercent[" + operation + "]");
            Require.positive(share, "targetPercent[" + operation + "]");
        });
        Require.nonNegative(tolerancePercentRelative, "tolerancePercentRelative");
        Require.nonNegative(tolerancePointsFloor, "tolerancePointsFloor");
        Require.percent(confidencePercent, "confidencePercent");
        if (confidencePercent >= 100) {
            throw new IllegalArgumentException("confidencePercent must be below 100 (got " + confidencePercent + ")");
        }
        shareVarianceFactor = Require.mapCopy(shareVarianceFactor, "shareVarianceFactor");
        shareVarianceFactor.forEach((operation, factor) -> Require.positive(factor, "shareVarianceFactor[" + operation + "]"));
    }

    /** A relative tolerance with an absolute floor, without a chance test. */
    public MixRule(Map<String, Double> targetPercent, double tolerancePercentRelative, double tolerancePointsFloor) {
        this(targetPercent, tolerancePercentRelative, tolerancePointsFloor, 0, Map.of());
    }

    /** A purely relative tolerance, without a floor. */
    public MixRule(Map<String, Double> targetPercent, double tolerancePercentRelative) {
        this(targetPercent, tolerancePercentRelative, 0);
    }

    @Override
    public QosCheck check(WorkloadResult result) {
        Require.nonNull(result, "result");
        long total = targetPercent.keySet().stream().mapToLong(operation -> countOf(result, operation)).sum();
        if (total == 0) {
            return new QosCheck(this, false, "mix: no samples of " + String.join(", ", targetPercent.keySet()));
        }
        double targetSum = targetPercent.values().stream().mapToDouble(Double::doubleValue).sum();
        // Bonferroni: each operation gets an equal share of the chance a faithful phase may fail.
        double alphaPerOperation = (1 - confidencePercent / 100.0) / targetPercent.size();
        List<String> outside = new ArrayList<>();
        String worstText = "";
        double worstRank = Double.NEGATIVE_INFINITY;
        for (Map.Entry<String, Double> target : targetPercent.entrySet()) {
            String operation = target.getKey();
            double targetShare = 100.0 * target.getValue() / targetSum;
            long count = countOf(result, operation);
            double measuredShare = 100.0 * count / total;
            double deviationPoints = Math.abs(measuredShare - targetShare);
            double deviationPercent = 100.0 * deviationPoints / targetShare;
            double bandPoints = Math.max(targetShare * tolerancePercentRelative / 100.0, tolerancePointsFloor);
            boolean inBand = deviationPoints <= bandPoints + EDGE_SLACK_POINTS;
            double chance = judgesChance()
                    ? MixChance.twoSided(count, total, targetShare / 100.0, shareVarianceFactor.getOrDefault(operation, 1.0))
                    : 1;
            boolean byChance = judgesChance() && chance >= alphaPerOperation;
            String chanceText = judgesChance() ? ", chance " + chanceText(chance) : "";
            // The least likely count ranks worst; without a chance test, the deviation against the band.
            double rank = judgesChance() ? -chance : deviationPoints / Math.max(bandPoints, EDGE_SLACK_POINTS);
            if (rank > worstRank) {
                worstRank = rank;
                worstText = operation + " " + (hasFloor()
                        ? Decimals.of(deviationPoints, 2) + " of ±" + Decimals.of(bandPoints, 2) + " points"
                        : Decimals.percent(deviationPercent)) + chanceText;
            }
            if (!inBand && !byChance) {
                outside.add(operation + " = " + Decimals.percent(measuredShare) + " vs target " + Decimals.percent(targetShare)
                        + (hasFloor() ? " (band ±" + Decimals.of(bandPoints, 2) + " points"
                                : " (" + Decimals.percent(deviationPercent) + " off")
                        + (judgesChance() ? chanceText + " < " + chanceText(alphaPerOperation) : "") + ")");
            }
        }
        if (outside.isEmpty()) {
            return new QosCheck(this, true, "mix of " + targetPercent.size() + " operations within " + limitText()
                    + " (largest deviation " + worstText + ")");
        }
        return new QosCheck(this, false, "mix outside " + limitText() + ": " + String.join("; ", outside));
    }

    @Override
    public String describe() {
        return "mix of " + String.join(", ", targetPercent.keySet()) + " within " + limitText() + " of target";
    }

    private boolean judgesChance() {
        return confidencePercent > 0;
    }

    private boolean hasFloor() {
        return tolerancePointsFloor > 0;
    }

    private static String chanceText(double probability) {
        return probability >= 0.001 ? Decimals.of(probability, 4) : String.format(java.util.Locale.ROOT, "%.1e", probability);
    }

    private String limitText() {
        List<String> bands = new ArrayList<>();
        // Faban's rule has no relative band (0): say nothing of it unless it is the only band.
        if (tolerancePercentRelative > 0 || !hasFloor()) {
            bands.add("±" + Decimals.percent(tolerancePercentRelative) + " relative");
        }
        if (hasFloor()) {
            bands.add("±" + Decimals.of(tolerancePointsFloor, 2) + " points");
        }
        if (judgesChance()) {
            bands.add("chance at " + Decimals.percent(confidencePercent) + " confidence");
        }
        return String.join(" or ", bands);
    }

    private static long countOf(WorkloadResult result, String operation) {
        OperationStats stats = result.operations().get(operation);
        return stats == null ? 0 : stats.count();
    }
}
