package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import org.tilemark.infra.platform.Placement;

/**
 * One line of infra-ops.jsonl: an infrastructure operation, where the VM went, how long it took and
 * the measured phase it ended in (0: outside the measured phases). Null where a figure does not apply
 * (a deploy has no {@code from}, a vMotion of a stopped VM no stun time) or, read back from a damaged
 * line, where it is missing. {@code guestMemoryInUseBytes}: the guest's own memory in use as a migration
 * began, where the platform reports it (libvirt, from the guest's balloon driver): a live migration
 * moved at least that much. {@code initiator} is {@link #PLATFORM} for a move the platform made on its own
 * ({@code cause}: who in it, e.g. {@code DRS}): recorded and shown, never scored; absent on Tilemark's own
 * operations (and in every bundle written before it). {@code from} and {@code to} are the platform's
 * {@link Placement}s, read leniently ({@link LinePlacement}).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record InfraOpLine(String operation, int block, String vm, String role, int tile,
                          @JsonInclude(JsonInclude.Include.NON_NULL) @JsonDeserialize(using = LinePlacement.class) Placement from,
                          @JsonInclude(JsonInclude.Include.NON_NULL) @JsonDeserialize(using = LinePlacement.class) Placement to,
                          String start, String end, Long durationMs, Long bytesMoved, String moved, Long stunMs, Long downtimeMs,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Long guestMemoryInUseBytes,
                          String outcome, String error, int phase,
                          @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty(InfraOpLine.INITIATOR) String initiator,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String cause) {

    public static final String SUCCEEDED = "succeeded";
    public static final String FAILED = "failed";
    /** The field that says who started an operation, and its one value: the platform, not Tilemark. */
    public static final String INITIATOR = "initiator";
    public static final String PLATFORM = "platform";

    /** A line of Tilemark's own operation. */
    public InfraOpLine(String operation, int block, String vm, String role, int tile, Placement from, Placement to,
                       String start, String end, Long durationMs, Long bytesMoved, String moved, Long stunMs, Long downtimeMs,
                       Long guestMemoryInUseBytes, String outcome, String error, int phase) {
        this(operation, block, vm, role, tile, from, to, start, end, durationMs, bytesMoved, moved, stunMs, downtimeMs,
                guestMemoryInUseBytes, outcome, error, phase, null, null);
    }

    /**
     * A move the platform made on its own and reported once made ({@code at}: when, by the platform's clock):
     * succeeded, block 0, and no duration or bytes, which the platform's report does not give.
     */
    public static InfraOpLine platformInitiated(String operation, String vm, String role, int tile, Placement from, Placement to,
                                                String at, int phase, String cause) {
        return new InfraOpLine(operation, 0, vm, role, tile, from, to, at, at, null, null, null, null, null, null, SUCCEEDED, null,
                phase, PLATFORM, cause);
    }

    /** Whether the platform made this operation on its own (then it is not Tilemark's, and not scored). */
    public boolean platformInitiated() {
        return PLATFORM.equals(initiator);
    }

    public java.time.Instant startsAt() {
        return Instants.parse(start);
    }

    /** When the operation ended; null when the line's end is not an instant. */
    public java.time.Instant endsAt() {
        return Instants.parse(end);
    }

    /** What a reader needs to place the operation: its type, start and end. */
    boolean placed() {
        return operation != null && !operation.isEmpty() && startsAt() != null && endsAt() != null;
    }


    public boolean succeeded() {
        return SUCCEEDED.equals(outcome);
    }

    /** Anything but an explicit success counts as failed: a crash may leave an outcome unrecorded. */
    public boolean failed() {
        return !succeeded();
    }

    /** How long it took: the recorded duration, else (a line without one) from its start to its end. */
    public long spanMs() {
        return durationMs != null ? durationMs : java.time.Duration.between(startsAt(), endsAt()).toMillis();
    }
}
