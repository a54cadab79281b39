package org.tilemark.workloads.dvdstore.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How an actor or title search matches products: the column starts with the value (served by a
 * {@code text_pattern_ops} index) or contains all its words (served by a GIN index on
 * {@code to_tsvector('simple', column)}). Values are upper-cased like DS3's data.
 *
 * <p>"Starts with" is the index's own range, {@code value <= column < successor(value)}, not
 * {@code LIKE 'value%'}: the web tier's statements are prepared, and after a statement's fifth run
 * PostgreSQL may plan it once for any value. Such a generic plan can use the index for a range of
 * parameters but not for a LIKE whose pattern is a parameter, and then read every product, computing
 * its text vector, for each search.
 *
 * @param condition  SQL with a {@code ?} per parameter
 * @param parameters the condition's parameters, in order
 */
record ProductMatch(String condition, List<Object> parameters) {

    static ProductMatch of(String kind, String value) {
        String column = switch (kind) {
            case "actor" -> "actor";
            case "title" -> "title";
            default -> throw new BadRequestException("parameter 'type' must be actor or title");
        };
        String upper = value.toUpperCase(Locale.ROOT);
        String words = "to_tsvector('simple', " + column + ") @@ plainto_tsquery('simple', ?)";
        String successor = successor(upper);
        if (successor == null) {
            // Only the last code points: nothing sorts after the prefix, so "starts with" is "at least".
            return new ProductMatch("(" + column + " ~>=~ ? OR " + words + ")", List.of(upper, upper));
        }
        return new ProductMatch("((" + column + " ~>=~ ? AND " + column + " ~<~ ?) OR " + words + ")",
                List.of(upper, successor, upper));
    }

    /** The condition's parameters followed by the statement's own (e.g. its LIMIT). */
    Object[] parametersThen(Object... more) {
        List<Object> all = new ArrayList<>(parameters);
        all.addAll(List.of(more));
        return all.toArray();
    }

    /**
     * The least string above every string that starts with {@code prefix}, in code point order (the
     * order of UTF-8 bytes, which {@code ~<~} compares): the prefix with its last code point raised by
     * one, after dropping trailing code points that cannot be raised. Null when none can be.
     */
    static String successor(String prefix) {
        int[] codePoints = prefix.codePoints().toArray();
        for (int last = codePoints.length - 1; last >= 0; last--) {
            int next = codePoints[last] + 1;
            if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
                next = Character.MAX_SURROGATE + 1; // surrogates are not characters: UTF-8 has no bytes for them
            }
            if (next <= Character.MAX_CODE_POINT) {
                codePoints[last] = next;
                return new String(codePoints, 0, last + 1);
            }
        }
        return null;
    }
}
