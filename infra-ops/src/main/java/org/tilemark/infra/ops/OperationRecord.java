package org.tilemark.infra.ops;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.tilemark.infra.platform.Placement;

/**
 * One infrastructure operation as it happened: one line of {@code infra-ops.jsonl}.
 *
 * @param operation  {@link InfraOperation#name()}: vmotion, storage-vmotion, xvmotion or deploy
 * @param block      the infra block whose loop ran it, from 1
 * @param tile       the moved VM's tile; 0 for a deployed VM
 * @param bytesMoved memory and disk bytes transferred (deploy: 0, the platform does not report clone size)
 * @param stun       pause of a live migration's switch-over
 * @param downtime   service unavailability where the guest had to restart
 * @param error      why it failed; empty when it succeeded
 */
public record OperationRecord(String operation, int block, String vm, String role, int tile, Placement from, Placement to,
        Instant start, Instant end, long bytesMoved, Optional<Duration> stun, Optional<Duration> downtime,
        Optional<String> error) {

    public OperationRecord {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(vm, "vm");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(stun, "stun");
        Objects.requireNonNull(downtime, "downtime");
        Objects.requireNonNull(error, "error");
    }

    public boolean succeeded() {
        return error.isEmpty();
    }

    public Duration duration() {
        return Duration.between(start, end);
    }
}
