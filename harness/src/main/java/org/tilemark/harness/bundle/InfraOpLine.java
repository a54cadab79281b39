package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One line of infra-ops.jsonl: an infrastructure operation, where the VM went, how long it took and
 * the measured phase it ended in (0: outside the measured phases). Null where a figure does not apply
 * (a deploy has no {@code from}, a vMotion of a stopped VM no stun time) or, read back from a damaged
 * line, where it is missing. {@code guestMemoryInUseBytes}: the guest's own memory in use as a migration
 * began, where the platform reports it (libvirt, from the guest's balloon driver): a live migration
 * moved at least that much.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record InfraOpLine(String operation, int block, String vm, String role, int tile,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Placement from,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Placement to,
                          String start, String end, Long durationMs, Long bytesMoved, String moved, Long stunMs, Long downtimeMs,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Long guestMemoryInUseBytes,
                          String outcome, String error, int phase) {

    public static final String SUCCEEDED = "succeeded";
    public static final String FAILED = "failed";

    /** Host and datastore of one end of an operation. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Placement(String host, String datastore) {
    }

    public boolean succeeded() {
        return SUCCEEDED.equals(outcome);
    }
}
