package org.tilemark.harness.report;

import java.util.List;

/** RFC 4180 rows: fields with a comma, quote or line break are quoted, quotes doubled. */
public final class Csv {
    private final StringBuilder out = new StringBuilder();

    public static String field(String value) {
        if (value == null) {
            return "";
        }
        boolean needsQuotes = value.indexOf(',') >= 0 || value.indexOf('"') >= 0
                || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0;
        return needsQuotes ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }

    public Csv row(List<String> fields) {
        out.append(String.join(",", fields.stream().map(Csv::field).toList())).append("\r\n");
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
