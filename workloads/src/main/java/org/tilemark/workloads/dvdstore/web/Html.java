package org.tilemark.workloads.dvdstore.web;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** Minimal HTML pages. Drivers parse them through fixed markers (ids and data attributes). */
final class Html {

    static final MediaType HTML = MediaType.parseMediaType("text/html;charset=UTF-8");

    private final StringBuilder body = new StringBuilder(512);
    private final String title;

    Html(String title) {
        this.title = title;
    }

    /** {@code <span id="ID">value</span>} */
    Html span(String id, Object value) {
        body.append("<span id=\"").append(id).append("\">").append(escape(String.valueOf(value))).append("</span>\n");
        return this;
    }

    Html heading(String text) {
        body.append("<h2>").append(escape(text)).append("</h2>\n");
        return this;
    }

    Html tableStart(String... headers) {
        body.append("<table>\n<tr>");
        for (String header : headers) {
            body.append("<th>").append(escape(header)).append("</th>");
        }
        body.append("</tr>\n");
        return this;
    }

    /** A row; {@code attribute} (e.g. {@code data-prod-id}) may be null. */
    Html row(String attribute, Object attributeValue, Object... cells) {
        body.append("<tr");
        if (attribute != null) {
            body.append(' ').append(attribute).append("=\"").append(escape(String.valueOf(attributeValue))).append('"');
        }
        body.append('>');
        for (Object cell : cells) {
            body.append("<td>").append(escape(String.valueOf(cell))).append("</td>");
        }
        body.append("</tr>\n");
        return this;
    }

    Html tableEnd() {
        body.append("</table>\n");
        return this;
    }

    ResponseEntity<String> ok() {
        return ResponseEntity.ok().contentType(HTML).body(render());
    }

    String render() {
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>DVD Store - " + escape(title)
                + "</title></head>\n<body>\n" + body + "</body></html>\n";
    }

    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '&' -> escaped.append("&amp;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
