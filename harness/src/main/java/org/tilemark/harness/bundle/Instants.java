package org.tilemark.harness.bundle;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** The bundle's times: ISO-8601 with Z (as written) or an offset (as a hand-edited file may have them). */
final class Instants {
    private Instants() {
    }

    /** The instant {@code text} names; null when absent or not an instant. */
    static Instant parse(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException notUtc) {
            try {
                return OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException unparsable) {
                return null;
            }
        }
    }
}
