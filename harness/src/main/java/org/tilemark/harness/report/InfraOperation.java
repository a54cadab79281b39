package org.tilemark.harness.report;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.infra.ops.InfraOperationType;

/**
 * One line of infra-ops.jsonl: a vMotion, Storage vMotion, XvMotion or deploy, with where the VM
 * went, how long it took and the measured phase it ended in (0: outside the measured phases).
 * Absent numbers (a deploy has no stun time) are NaN; {@code moved} says what the bytes are (empty where
 * the line does not say). {@code platformInitiated}: a move the platform made on its own ({@code cause}, e.g. DRS),
 * shown apart and never counted with Tilemark's operations.
 */
record InfraOperation(String operation, int block, String vm, String role, int tile,
                      Placement from, Placement to, Instant start, Instant end, double durationMs,
                      double bytesMoved, String moved, double stunMs, double downtimeMs, String outcome, String error,
                      int phase, boolean platformInitiated, String cause) {

    static final String SUCCEEDED = InfraOpLine.SUCCEEDED;
    /** The operation types in the order the report shows them; unknown types follow, by name. */
    static final List<String> TYPES = InfraOperationType.ids();
    static final Comparator<String> TYPE_ORDER = Comparator
            .comparingInt((String type) -> TYPES.contains(type) ? TYPES.indexOf(type) : TYPES.size())
            .thenComparing(Comparator.naturalOrder());

    /** Host and datastore of one end of an operation; either may be empty (a deploy comes from a template). */
    record Placement(String host, String datastore) {
        static Placement of(InfraOpLine.Placement at) {
            return at == null ? new Placement("", "") : new Placement(text(at.host()), text(at.datastore()));
        }

        @Override
        public String toString() {
            if (host.isEmpty()) {
                return datastore.isEmpty() ? "–" : datastore;
            }
            return datastore.isEmpty() ? host : host + " / " + datastore;
        }
    }

    static String displayName(String type) {
        return InfraOperationType.displayName(type);
    }

    /** Anything but an explicit success counts as failed: a crash may leave an outcome unrecorded. */
    boolean failed() {
        return !SUCCEEDED.equals(outcome);
    }

    /** The report's view of a line the reader placed (its type, start and end are there). */
    static InfraOperation of(InfraOpLine line) {
        Instant start = line.startsAt();
        Instant end = line.endsAt();
        return new InfraOperation(line.operation(), line.block(), text(line.vm()), text(line.role()), line.tile(),
                Placement.of(line.from()), Placement.of(line.to()), start, end,
                line.durationMs() == null ? Duration.between(start, end).toMillis() : line.durationMs(),
                orNaN(line.bytesMoved()), text(line.moved()), orNaN(line.stunMs()), orNaN(line.downtimeMs()), text(line.outcome()),
                text(line.error()), line.phase(), line.platformInitiated(), text(line.cause()));
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    private static double orNaN(Long value) {
        return value == null ? Double.NaN : value;
    }
}
