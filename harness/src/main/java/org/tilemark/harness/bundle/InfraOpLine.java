package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * One line of infra-ops.jsonl: an infrastructure operation, where the VM went, how long it took and
 * the measured phase it ended in (0: outside the measured phases). Null where a figure does not apply
 * (a deploy has no {@code from}, a vMotion of a stopped VM no stun time) or, read back from a damaged
 * line, where it is missing. {@code guestMemoryInUseBytes}: the guest's own memory in use as a migration
 * began, where the platform reports it (libvirt, from the guest's balloon driver): a live migration
 * moved at least that much. {@code initiator} is {@link #PLATFORM} for a move the platform made on its own
 * ({@code cause}: who in it, e.g. {@code DRS}): recorded and shown, never scored; absent on Tilemark's own
 * operations (and in every bundle written before it).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record InfraOpLine(String operation, int block, String vm, String role, int tile,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Placement from,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Placement to,
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

    /** The same for a line read as a tree. */
    public static boolean platformInitiated(JsonNode line) {
        return PLATFORM.equals(line.path(INITIATOR).asText());
    }

    /** Host and datastore of one end of an operation. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Placement(String host, String datastore) {
    }

    public boolean succeeded() {
        return SUCCEEDED.equals(outcome);
    }
}
