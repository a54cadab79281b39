package org.tilemark.scoring;

/** One infrastructure operation as scoring sees it; {@code failure} is the QoS reason when it failed. */
public record InfraOutcome(String operation, boolean succeeded, String failure) {

    public InfraOutcome {
        Require.nonBlank(operation, "operation");
        Require.nonNull(failure, "failure");
    }

    /** The QoS reason of a failed operation, as the live run and verify both word it. */
    public static String failureReason(String operation, String vm, String from, String to, String error) {
        return operation + " of " + vm + " (" + from + " -> " + to + ") failed: " + error;
    }
}
