package org.tilemark.workloads.olio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The files a browser fetches to show a page: images ({@code <img src>}, {@code <input type=image src>}),
 * scripts ({@code <script src>}) and stylesheets ({@code <link rel=stylesheet href>}), each once, in page
 * order, as JMeter's embedded-resource download finds them in Olio's pages. A scan of the tags, not a
 * DOM: Olio's markup is generated and regular. Only paths on this server are returned (a relative
 * one resolved against the page's); absolute URLs are left out (Olio's pages have none).
 */
final class EmbeddedResources {

    private EmbeddedResources() {
    }

    static List<String> in(String html, String pagePath) {
        List<String> found = new ArrayList<>();
        int at = html.indexOf('<');
        while (at >= 0 && at + 1 < html.length()) {
            int end = html.indexOf('>', at);
            if (end < 0) {
                break;
            }
            String url = resourceOf(html, at + 1, end);
            if (url != null) {
                String path = resolve(unescape(url), pagePath);
                if (path != null && !found.contains(path)) {
                    found.add(path);
                }
            }
            at = html.indexOf('<', end);
        }
        return found;
    }

    /** The tags that embed a file, by name: a tag is copied and lower-cased only when it is one of them. */
    private static final List<String> EMBEDDING = List.of("img", "script", "embed", "input", "link");

    /** The URL a tag between {@code from} and {@code end} makes the browser fetch, or null. */
    private static String resourceOf(String html, int from, int end) {
        // most tags (span, li, a, div...) are none of these: their name rules them out without a copy
        String name = embeddingTag(html, from, end);
        if (name == null) {
            return null;
        }
        String tag = html.substring(from, end);
        String lower = tag.toLowerCase(Locale.ROOT);
        if (lower.length() != tag.length()) {
            return null; // not Olio's markup: its tags are ASCII
        }
        return switch (name) {
            case "input" -> "image".equalsIgnoreCase(attribute(tag, lower, "type")) ? attribute(tag, lower, "src") : null;
            case "link" -> {
                String rel = attribute(tag, lower, "rel");
                yield rel != null && rel.toLowerCase(Locale.ROOT).contains("stylesheet") ? attribute(tag, lower, "href") : null;
            }
            default -> attribute(tag, lower, "src"); // img, script, embed
        };
    }

    /** Which of {@link #EMBEDDING} the tag is, read in place; null for any other tag. */
    private static String embeddingTag(String html, int from, int end) {
        for (String name : EMBEDDING) {
            int after = from + name.length();
            if (after <= end && html.regionMatches(true, from, name, 0, name.length())
                    && (after == end || Character.isWhitespace(html.charAt(after)) || html.charAt(after) == '/')) {
                return name;
            }
        }
        return null;
    }

    /** A double- or single-quoted attribute's value in the tag, or null; {@code lower} is the tag in lower case. */
    private static String attribute(String tag, String lower, String name) {
        for (int found = lower.indexOf(name); found > 0; found = lower.indexOf(name, found + name.length())) {
            if (!Character.isWhitespace(lower.charAt(found - 1))) {
                continue;
            }
            int at = skipSpaces(lower, found + name.length());
            if (at < lower.length() && lower.charAt(at) == '=') {
                int quote = skipSpaces(lower, at + 1);
                if (quote < lower.length() && (lower.charAt(quote) == '"' || lower.charAt(quote) == '\'')) {
                    int close = lower.indexOf(lower.charAt(quote), quote + 1);
                    return close < 0 ? null : tag.substring(quote + 1, close);
                }
            }
        }
        return null;
    }

    private static int skipSpaces(String text, int at) {
        while (at < text.length() && text.charAt(at) == ' ') {
            at++;
        }
        return at;
    }

    private static String unescape(String url) {
        return url.indexOf('&') < 0 ? url : url.replace("&amp;", "&").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&lt;", "<").replace("&gt;", ">");
    }

    /** The path on this server, or null for another host's file or a data: URL. */
    private static String resolve(String url, String pagePath) {
        if (url.isEmpty() || url.startsWith("data:") || url.startsWith("//")) {
            return null;
        }
        if (url.startsWith("/")) {
            return url;
        }
        if (url.contains("://")) {
            return null;
        }
        return relative(url, pagePath);
    }

    /** A relative reference resolved against {@code fromPath}'s directory (its query left out). */
    static String relative(String reference, String fromPath) {
        int query = fromPath.indexOf('?');
        String path = query < 0 ? fromPath : fromPath.substring(0, query);
        return path.substring(0, path.lastIndexOf('/') + 1) + reference;
    }
}
