package org.tilemark.infra.ops;

/** How many infra blocks a cluster runs: VMmark scales infrastructure load with hosts, N/2. */
public final class InfraBlocks {

    private InfraBlocks() {
    }

    /** {@code configured} if positive, else one block per two hosts and at least one. */
    public static int count(int configured, int hosts) {
        if (configured < 0 || hosts < 1) {
            throw new IllegalArgumentException("blocks must be >= 0 and hosts >= 1, got " + configured + ", " + hosts);
        }
        return configured > 0 ? configured : Math.max(1, hosts / 2);
    }
}
