package org.tilemark.scoring;

/**
 * Outcome of one rule against one result.
 *
 * @param detail measured value against the limit, e.g. "p95 of purchase = 2310 ms > 2000 ms"
 */
public record QosCheck(QosRule rule, boolean passed, String detail) {
    public QosCheck {
        Require.nonNull(rule, "rule");
        Require.nonBlank(detail, "detail");
    }
}
