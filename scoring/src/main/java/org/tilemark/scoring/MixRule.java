package org.tilemark.scoring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The measured operation mix must match its target: an operation passes when
 * {@code |measured% − target%| <= max(target% × tolerancePercentRelative / 100, tolerancePointsFloor)}.
 * Shares are taken over the named operations only (an operation outside the mix, such as Olio's Logout,
 * does not dilute it), and targets are normalized to sum to 100 over those operations, so a target that
 * lists a subset of operations checks their proportions among themselves.
 *
 * <p>Why a floor: Weathervane allows ±10 % relative, but a ±10 % band on a 0.8 % operation is ±0.08
 * percentage points, far below the Poisson noise of the few hundred samples a phase holds, so a rare
 * operation would fail an honest run by chance. Faban's own Olio rule is 2 percentage points absolute;
 * the floor restores it for rare operations while common ones keep the tighter relative band.
 *
 * @param targetPercent            target share per operation, each in (0, 100]; order kept
 * @param tolerancePercentRelative allowed |measured − target| / target, in percent
 * <p>Why a noise band: even 2 points cannot be resolved from a few hundred operations (the standard
 * error of a 26 % share over 300 operations is 2.5 points, more for a Markov chain's correlated
 * steps). With {@code noiseSigmas > 0} the band also never falls below that many standard errors of
 * the sampled share, {@code sqrt(p (1 − p) / n)}, so the rule flags mixes that are really off, not
 * phases that are merely short; with enough operations the relative band decides again.
 *
 * <p>Operations drawn from a Markov chain are correlated, so their shares wander more or less than
 * independent draws would: {@code shareVarianceFactor} scales each operation's {@code p (1 − p)} by
 * the chain's asymptotic variance ratio (1 when absent: independent draws).
 *
 * @param tolerancePointsFloor     the band is never narrower than this many percentage points; 0 for none
 * @param noiseSigmas              the band is never narrower than this many standard errors; 0 for none
 * @param shareVarianceFactor      per operation, the variance of its share over that of independent draws
 */
public record MixRule(Map<String, Double> targetPercent, double tolerancePercentRelative,
        double tolerancePointsFloor, double noiseSigmas, Map<String, Double> shareVarianceFactor) implements QosRule {

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
        Require.nonNegative(noiseSigmas, "noiseSigmas");
        shareVarianceFactor = Require.mapCopy(shareVarianceFactor, "shareVarianceFactor");
        shareVarianceFactor.forEach((operation, factor) -> Require.positive(factor, "shareVarianceFactor[" + operation + "]"));
    }

    /** Independent draws: every operation's share varies as {@code p (1 − p) / n}. */
    public MixRule(Map<String, Double> targetPercent, double tolerancePercentRelative, double tolerancePointsFloor,
                   double noiseSigmas) {
        this(targetPercent, tolerancePercentRelative, tolerancePointsFloor, noiseSigmas, Map.of());
    }

    /** A relative tolerance with an absolute floor, without a noise band. */
    public MixRule(Map<String, Double> targetPercent, double tolerancePercentRelative, double tolerancePointsFloor) {
        this(targetPercent, tolerancePercentRelative, tolerancePointsFloor, 0);
    }

    /** A purely relative tolerance, without a floor. */
    public MixRule(Map<String, Double> targetPercent, double tolerancePercentRelative) {
        this(targetPercent, tolerancePercentRelative, 0, 0);
    }

    @Override
    public QosCheck check(WorkloadResult result) {
        Require.nonNull(result, "result");
        long total = targetPercent.keySet().stream().mapToLong(operation -> countOf(result, operation)).sum();
        if (total == 0) {
            return new QosCheck(this, false, "mix: no samples of " + String.join(", ", targetPercent.keySet()));
        }
        double targetSum = targetPercent.values().stream().mapToDouble(Double::doubleValue).sum();
        List<String> outside = new ArrayList<>();
        String worstOperation = null;
        double worstRank = -1;
        String worstText = "";
        for (Map.Entry<String, Double> target : targetPercent.entrySet()) {
            double targetShare = 100.0 * target.getValue() / targetSum;
            double measuredShare = 100.0 * countOf(result, target.getKey()) / total;
            double deviationPoints = Math.abs(measuredShare - targetShare);
            double deviationPercent = 100.0 * deviationPoints / targetShare;
            double bandPoints = bandPoints(target.getKey(), targetShare, total);
            // Without a floor the band is proportional to the target, so relative deviation ranks the same.
            double rank = hasFloor() ? deviationPoints / bandPoints : deviationPercent;
            if (rank > worstRank) {
                worstRank = rank;
                worstOperation = target.getKey();
                worstText = hasFloor()
                        ? Decimals.of(deviationPoints, 2) + " of ±" + Decimals.of(bandPoints, 2) + " points"
                        : Decimals.percent(deviationPercent);
            }
            if (deviationPoints > bandPoints + EDGE_SLACK_POINTS) {
                outside.add(target.getKey() + " = " + Decimals.percent(measuredShare) + " vs target "
                        + Decimals.percent(targetShare) + (hasFloor()
                                ? " (band ±" + Decimals.of(bandPoints, 2) + " points)"
                                : " (" + Decimals.percent(deviationPercent) + " off)"));
            }
        }
        if (outside.isEmpty()) {
            return new QosCheck(this, true, "mix of " + targetPercent.size() + " operations within " + limitText()
                    + " (largest deviation " + worstOperation + " " + worstText + ")");
        }
        return new QosCheck(this, false, "mix outside " + limitText() + ": " + String.join("; ", outside));
    }

    @Override
    public String describe() {
        return "mix of " + String.join(", ", targetPercent.keySet()) + " within " + limitText() + " of target";
    }

    /** Allowed |measured − target| in percentage points for an operation whose target share is given. */
    private double bandPoints(String operation, double targetShare, long total) {
        double p = targetShare / 100.0;
        double variance = p * (1 - p) * shareVarianceFactor.getOrDefault(operation, 1.0);
        double noisePoints = noiseSigmas * 100.0 * Math.sqrt(variance / Math.max(1, total));
        return Math.max(Math.max(targetShare * tolerancePercentRelative / 100.0, tolerancePointsFloor), noisePoints);
    }

    private boolean hasFloor() {
        return tolerancePointsFloor > 0 || noiseSigmas > 0;
    }

    private String limitText() {
        List<String> bands = new ArrayList<>();
        // Faban's rule has no relative band (0): say nothing of it unless it is the only band.
        if (tolerancePercentRelative > 0 || !hasFloor()) {
            bands.add("±" + Decimals.percent(tolerancePercentRelative) + " relative");
        }
        if (tolerancePointsFloor > 0) {
            bands.add("±" + Decimals.of(tolerancePointsFloor, 2) + " points");
        }
        if (noiseSigmas > 0) {
            bands.add(Decimals.of(noiseSigmas, 1) + " standard errors");
        }
        return String.join(" or ", bands);
    }

    private static long countOf(WorkloadResult result, String operation) {
        OperationStats stats = result.operations().get(operation);
        return stats == null ? 0 : stats.count();
    }
}
