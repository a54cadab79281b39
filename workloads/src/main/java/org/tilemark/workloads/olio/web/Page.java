package org.tilemark.workloads.olio.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * An Olio HTML page: header with logo, navigation and login state, content, a sidebar and a footer.
 * Like the real application it references a stylesheet, a script and a handful of static images that
 * a browser (or JMeter with embedded-resource download) fetches. Drivers parse fixed markers:
 * {@code a.event}, {@code a.tag}, {@code a.person}, {@code span#user}, {@code .login-failed}, {@code .error}.
 */
final class Page {

    static final MediaType HTML = MediaType.parseMediaType("text/html;charset=UTF-8");

    private final String title;
    private final SessionUser user;
    private final StringBuilder content = new StringBuilder(4096);
    private final StringBuilder sidebar = new StringBuilder(1024);

    Page(String title, SessionUser user) {
        this.title = title;
        this.user = user;
    }

    /** Appends raw, already escaped HTML to the main column. */
    Page html(String html) {
        content.append(html).append('\n');
        return this;
    }

    Page heading(String text) {
        return html("<h1>" + escape(text) + "</h1>");
    }

    Page paragraph(String cssClass, String text) {
        return html("<p class=\"" + cssClass + "\">" + escape(text) + "</p>");
    }

    Page sidebar(String html) {
        sidebar.append(html).append('\n');
        return this;
    }

    static String eventLink(int eventId, String title) {
        return "<a class=\"event\" href=\"/events/" + eventId + "\">" + escape(title) + "</a>";
    }

    static String personLink(int userId, String username) {
        return "<a class=\"person\" href=\"/people/" + userId + "\">" + escape(username) + "</a>";
    }

    static String tagLink(String tag) {
        return "<a class=\"tag\" href=\"/tags?tag=" + URLEncoder.encode(tag, StandardCharsets.UTF_8)
                + "\">" + escape(tag) + "</a>";
    }

    /** A stored file's URL; {@code relativePath} is what the database holds (e.g. {@code events/7/image.jpg}). */
    static String fileUrl(String relativePath) {
        return "/files/" + escape(relativePath);
    }

    /** Average rating as stars: five static star images, filled up to the rounded average. */
    static String stars(int totalScore, int votes) {
        int filled = votes == 0 ? 0 : Math.round((float) totalScore / votes);
        StringBuilder html = new StringBuilder("<span class=\"rating\">");
        for (int i = 1; i <= 5; i++) {
            html.append("<img src=\"/static/img/").append(i <= filled ? "star_on" : "star_off").append(".png\" alt=\"*\">");
        }
        return html.append("</span>").toString();
    }

    /** The main column's HTML so far. */
    String mainHtml() {
        return content.toString();
    }

    /** The sidebar's HTML so far. */
    String sidebarHtml() {
        return sidebar.toString();
    }

    ResponseEntity<String> ok() {
        return ResponseEntity.ok().contentType(HTML).body(render());
    }

    String render() {
        StringBuilder page = new StringBuilder(content.length() + sidebar.length() + 2048);
        page.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Olio - ").append(escape(title))
                .append("</title>\n<link rel=\"stylesheet\" href=\"/static/olio.css\">\n")
                .append("<script src=\"/static/olio.js\"></script>\n</head>\n<body>\n")
                .append("<div id=\"header\"><img src=\"/static/img/header.png\" alt=\"\" width=\"1\" height=\"1\">")
                .append("<a href=\"/\"><img class=\"logo\" src=\"/static/img/logo.png\" alt=\"Olio\"></a>\n<div id=\"nav\">")
                .append("<a href=\"/\">Home</a> <img src=\"/static/img/search.png\" alt=\"search\">")
                .append(" <a href=\"/events/new\"><img src=\"/static/img/add_event.png\" alt=\"Add event\"></a>")
                .append(" <a href=\"/people/new\"><img src=\"/static/img/add_person.png\" alt=\"Register\"></a>\n");
        if (user != null) {
            page.append("<span id=\"user\">").append(escape(user.username())).append("</span> <a href=\"/logout\">Logout</a>\n");
        } else {
            page.append("<form class=\"inline\" method=\"post\" action=\"/login\"><input name=\"username\" size=\"10\">")
                    .append("<input name=\"password\" type=\"password\" size=\"10\"><input type=\"submit\" value=\"Login\"></form>\n");
        }
        page.append("</div></div>\n<div id=\"main\"><div id=\"content\">\n").append(content)
                .append("</div>\n<div id=\"sidebar\">\n").append(sidebar).append("</div></div>\n")
                .append("<div id=\"footer\"><img src=\"/static/img/rss.png\" alt=\"rss\"> Olio social events</div>\n")
                .append("</body></html>\n");
        return page.toString();
    }

    static String escape(String text) {
        if (text == null) {
            return "";
        }
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
