package org.tilemark.harness.report;

import java.util.Comparator;
import java.util.List;
import org.tilemark.infra.ops.InfraOperationType;
import org.tilemark.infra.platform.Placement;

/**
 * How the report shows infra-ops.jsonl's lines (the bundle's {@code InfraOpLine}s): the operation types in the
 * report's order, their display names, a placement as a cell, and absent numbers as NaN (blank or "–").
 */
final class InfraTypes {

    /** The operation types in the order the report shows them; unknown types follow, by name. */
    static final List<String> TYPES = InfraOperationType.ids();
    static final Comparator<String> TYPE_ORDER = Comparator
            .comparingInt((String type) -> TYPES.contains(type) ? TYPES.indexOf(type) : TYPES.size())
            .thenComparing(Comparator.naturalOrder());

    private InfraTypes() {
    }

    static String displayName(String type) {
        return InfraOperationType.displayName(type);
    }

    /** "host / datastore"; either may be empty (a deploy comes from a template), "–" when neither is known. */
    static String where(Placement at) {
        String host = at == null ? "" : text(at.host());
        String datastore = at == null ? "" : text(at.datastore());
        if (host.isEmpty()) {
            return datastore.isEmpty() ? "–" : datastore;
        }
        return datastore.isEmpty() ? host : host + " / " + datastore;
    }

    static String text(String value) {
        return value == null ? "" : value;
    }

    static double orNaN(Long value) {
        return value == null ? Double.NaN : value;
    }
}
