package org.tilemark.workloads.dvdstore.web;

import java.util.Locale;

/**
 * How an actor or title search matches products: the column starts with the value (prefix LIKE,
 * served by a {@code text_pattern_ops} index) or contains all its words (served by a GIN index on
 * {@code to_tsvector('simple', column)}). Values are upper-cased like DS3's data.
 *
 * @param condition SQL with two parameters: the LIKE pattern and the words
 */
record ProductMatch(String condition, String prefix, String words) {

    static ProductMatch of(String kind, String value) {
        String column = switch (kind) {
            case "actor" -> "actor";
            case "title" -> "title";
            default -> throw new BadRequestException("parameter 'type' must be actor or title");
        };
        String upper = value.toUpperCase(Locale.ROOT);
        String pattern = upper.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        String condition = "(" + column + " LIKE ? OR to_tsvector('simple', " + column
                + ") @@ plainto_tsquery('simple', ?))";
        return new ProductMatch(condition, pattern, upper);
    }
}
