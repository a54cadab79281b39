package org.tilemark.scoring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The measured operation mix must match its target within a relative tolerance (Weathervane: ±10 %
 * relative). Shares are taken over the named operations only (an operation outside the mix, such as
 * Olio's Logout, does not dilute it), and targets are normalized to sum to 100 over those operations,
 * so a target that lists a subset of operations checks their proportions among themselves.
 *
 * @param targetPercent            target share per operation, each in (0, 100]; order kept
 * @param tolerancePercentRelative allowed |measured − target| / target, in percent
 */
public record MixRule(Map<String, Double> targetPercent, double tolerancePercentRelative) implements QosRule {

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
        double worstDeviation = -1;
        for (Map.Entry<String, Double> target : targetPercent.entrySet()) {
            double targetShare = 100.0 * target.getValue() / targetSum;
            double measuredShare = 100.0 * countOf(result, target.getKey()) / total;
            double deviationPercent = 100.0 * Math.abs(measuredShare - targetShare) / targetShare;
            if (deviationPercent > worstDeviation) {
                worstDeviation = deviationPercent;
                worstOperation = target.getKey();
            }
            if (deviationPercent > tolerancePercentRelative) {
                outside.add(target.getKey() + " = " + Decimals.percent(measuredShare) + " vs target "
                        + Decimals.percent(targetShare) + " (" + Decimals.percent(deviationPercent) + " off)");
            }
        }
        String limit = "±" + Decimals.percent(tolerancePercentRelative) + " relative";
        if (outside.isEmpty()) {
            return new QosCheck(this, true, "mix of " + targetPercent.size() + " operations within " + limit
                    + " (largest deviation " + worstOperation + " " + Decimals.percent(worstDeviation) + ")");
        }
        return new QosCheck(this, false, "mix outside " + limit + ": " + String.join("; ", outside));
    }

    @Override
    public String describe() {
        return "mix of " + String.join(", ", targetPercent.keySet()) + " within ±"
                + Decimals.percent(tolerancePercentRelative) + " relative of target";
    }

    private static long countOf(WorkloadResult result, String operation) {
        OperationStats stats = result.operations().get(operation);
        return stats == null ? 0 : stats.count();
    }
}
