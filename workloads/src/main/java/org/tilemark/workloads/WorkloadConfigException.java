package org.tilemark.workloads;

/**
 * A workload's configuration that validated but cannot work here (an unreachable server URL, a
 * refused login): bad input, reported as one line naming the configuration key.
 */
public final class WorkloadConfigException extends Exception {

    private final String key;

    public WorkloadConfigException(String key, String problem) {
        super(key + ": " + problem);
        this.key = key;
    }

    /** The configuration key path at fault, e.g. {@code workloads.mail.smtpUrl}. */
    public String key() {
        return key;
    }
}
