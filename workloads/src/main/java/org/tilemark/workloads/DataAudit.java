package org.tilemark.workloads;

import java.util.List;

/**
 * A driver's check, after its load stopped, that what its users saw committed is durable: {@code checked}
 * items (e.g. the orders whose purchase page returned an order id), {@code missing} of them not found in
 * the system of record, up to {@value #EXAMPLES} of the missing ones named.
 *
 * @param subject what was checked, in the plural, e.g. "committed orders"
 */
public record DataAudit(String subject, long checked, long missing, List<Long> missingExamples) {

    /** How many missing items an audit names; the count says how many there were. */
    public static final int EXAMPLES = 10;

    public DataAudit {
        if (checked < 0 || missing < 0 || missing > checked) {
            throw new IllegalArgumentException("an audit of " + checked + " items cannot miss " + missing);
        }
        missingExamples = List.copyOf(missingExamples.subList(0, Math.min(EXAMPLES, missingExamples.size())));
    }

    public boolean passed() {
        return missing == 0;
    }
}
