package org.tilemark.harness.report;

import java.util.List;

/** Minimal HTML building: every piece of text goes through {@link #escape}. Shared by every report of the harness. */
public final class Html {
    private final StringBuilder out = new StringBuilder();

    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /** Appends trusted markup (tags built in this package, never data). */
    public Html raw(String markup) {
        out.append(markup);
        return this;
    }

    public Html text(String text) {
        out.append(escape(text));
        return this;
    }

    /** Element whose content is escaped text. */
    public Html element(String tag, String cssClass, String text) {
        out.append('<').append(tag);
        if (cssClass != null) {
            out.append(" class=\"").append(escape(cssClass)).append('"');
        }
        out.append('>').append(escape(text)).append("</").append(tag).append(">\n");
        return this;
    }

    public Html heading(int level, String text) {
        return element("h" + level, null, text);
    }

    public Html paragraph(String text) {
        return element("p", null, text);
    }

    /** A table of escaped cells; a cell of the form {@link Cell} may carry a CSS class. */
    public Html table(List<String> headers, List<List<Cell>> rows) {
        out.append("<table>\n<thead><tr>");
        headers.forEach(h -> out.append("<th>").append(escape(h)).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        for (List<Cell> row : rows) {
            out.append("<tr>");
            for (Cell cell : row) {
                out.append(cell.cssClass() == null ? "<td>"
                        : "<td class=\"" + escape(cell.cssClass()) + "\">");
                out.append(escape(cell.text())).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n");
        return this;
    }

    public Html list(List<String> items) {
        out.append("<ul>\n");
        items.forEach(item -> out.append("<li>").append(escape(item)).append("</li>\n"));
        out.append("</ul>\n");
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }

    public record Cell(String text, String cssClass) {
        public static Cell of(String text) {
            return new Cell(text, null);
        }

        public static Cell numeric(String text) {
            return new Cell(text, "num");
        }
    }
}
