package org.tilemark.scoring;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether QoS held, and why not. Reasons list only failures; a failed verdict always has at least one.
 */
public record QosVerdict(boolean passed, List<String> reasons) {

    private static final QosVerdict PASS = new QosVerdict(true, List.of());

    public QosVerdict {
        reasons = Require.listCopy(reasons, "reasons");
        if (!passed && reasons.isEmpty()) {
            throw new IllegalArgumentException("reasons must name why a failed verdict failed");
        }
    }

    /** Passed if every check passed; reasons are the details of the failed checks, in order. */
    public static QosVerdict of(List<QosCheck> checks) {
        Require.listCopy(checks, "checks");
        List<String> failures = checks.stream().filter(check -> !check.passed()).map(QosCheck::detail).toList();
        return failures.isEmpty() ? PASS : new QosVerdict(false, failures);
    }

    public static QosVerdict pass() {
        return PASS;
    }

    public static QosVerdict fail(String reason) {
        return new QosVerdict(false, List.of(Require.nonBlank(reason, "reason")));
    }

    /** Passes only if both pass; reasons of this first, then of the other. */
    public QosVerdict and(QosVerdict other) {
        Require.nonNull(other, "other");
        List<String> all = new ArrayList<>(reasons);
        all.addAll(other.reasons);
        return new QosVerdict(passed && other.passed, all);
    }

    /** The same verdict with each reason prefixed, e.g. "tile 2 mail: ". */
    public QosVerdict prefixed(String prefix) {
        Require.nonNull(prefix, "prefix");
        return new QosVerdict(passed, reasons.stream().map(reason -> prefix + reason).toList());
    }
}
