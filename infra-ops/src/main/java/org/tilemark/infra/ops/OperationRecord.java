package org.tilemark.infra.ops;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.tilemark.infra.platform.Placement;

/**
 * One infrastructure operation as it happened: one line of {@code infra-ops.jsonl}.
 *
 * @param operation  {@link InfraOperation#name()}: vmotion, storage-vmotion, xvmotion or deploy
 * @param block      the infra block whose loop ran it, from 1
 * @param tile       the moved VM's tile; 0 for a deployed VM
 * @param bytesMoved memory and disk bytes transferred (deploy: the bytes the platform's deploy copied, 0 where it does not say)
 * @param moved      what {@code bytesMoved} counts ({@code Migration#moved}; deploy: {@link #TEMPLATE_COPY}); empty when nothing moved
 * @param guestMemoryInUse the guest's memory in use as the migration began ({@code Migration#guestMemoryInUse}), where known
 * @param stun       pause of a live migration's switch-over
 * @param downtime   service unavailability where the guest had to restart
 * @param error      why it failed; empty when it succeeded
 */
public record OperationRecord(String operation, int block, String vm, String role, int tile, Placement from, Placement to,
        Instant start, Instant end, long bytesMoved, Optional<String> moved, Optional<Duration> stun,
        Optional<Duration> downtime, OptionalLong guestMemoryInUse, Optional<String> error) {

    /** What a deploy's bytes are: the template's disk, copied. */
    public static final String TEMPLATE_COPY = "template copy";

    public OperationRecord {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(vm, "vm");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(moved, "moved");
        Objects.requireNonNull(stun, "stun");
        Objects.requireNonNull(downtime, "downtime");
        Objects.requireNonNull(guestMemoryInUse, "guestMemoryInUse");
        Objects.requireNonNull(error, "error");
    }

    public boolean succeeded() {
        return error.isEmpty();
    }

    public Duration duration() {
        return Duration.between(start, end);
    }
}
