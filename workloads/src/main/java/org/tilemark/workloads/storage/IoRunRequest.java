package org.tilemark.workloads.storage;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One data point for one I/O VM: the access spec, ramp-up and runtime, and the instant all VMs start
 * together (lockstep). Travels as JSON from the harness to the VM's control endpoint.
 */
public record IoRunRequest(AccessSpec spec, int workersPerDisk, long rampUpMs, long runtimeMs, long startAtEpochMs, long seed) {

    public IoRunRequest {
        Objects.requireNonNull(spec, "spec");
        if (workersPerDisk < 1 || rampUpMs < 0 || runtimeMs < 1) {
            throw new IllegalArgumentException("workersPerDisk >= 1, rampUpMs >= 0 and runtimeMs >= 1 required");
        }
    }

    public static IoRunRequest of(AccessSpec spec, int workersPerDisk, Duration rampUp, Duration runtime, Instant startAt, long seed) {
        return new IoRunRequest(spec, workersPerDisk, rampUp.toMillis(), runtime.toMillis(), startAt.toEpochMilli(), seed);
    }

    Duration rampUp() {
        return Duration.ofMillis(rampUpMs);
    }

    Duration runtime() {
        return Duration.ofMillis(runtimeMs);
    }
}
