package org.tilemark.workloads.driver;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * {@code application/x-www-form-urlencoded} as {@link java.net.URLEncoder} writes it (letters, digits and
 * {@code .-*_} as they are, space as {@code +}, every other byte of the UTF-8 as {@code %XX}), appended to a
 * builder the caller reuses: URLEncoder's String per field was a seventh of the DVD Store driver's CPU.
 * DVD Store's forms and Olio's login form go through it.
 */
public final class FormEncoding {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private FormEncoding() {
    }

    /** Appends {@code name=value}, encoded, after an {@code &} unless the form is still empty. */
    public static void field(StringBuilder form, String name, String value) {
        if (!form.isEmpty()) {
            form.append('&');
        }
        append(form, name);
        form.append('=');
        append(form, value);
    }

    public static void append(StringBuilder out, String text) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (kept(c)) {
                out.append(c);
                i++;
            } else if (c == ' ') {
                out.append('+');
                i++;
            } else {
                i = appendRun(out, text, i);
            }
        }
    }

    /**
     * The run of characters to encode from {@code from} (up to the next one kept or a space); one beyond
     * ASCII (rare: the drivers' fields are ASCII) is left to URLEncoder itself, whose encoder decides what a
     * lone surrogate becomes. Returns where the run ends.
     */
    private static int appendRun(StringBuilder out, String text, int from) {
        int end = from;
        boolean ascii = true;
        for (char c; end < text.length() && !kept(c = text.charAt(end)) && c != ' '; end++) {
            ascii &= c < 0x80;
        }
        if (ascii) {
            for (int i = from; i < end; i++) {
                percent(out, text.charAt(i));
            }
        } else {
            out.append(URLEncoder.encode(text.substring(from, end), StandardCharsets.UTF_8));
        }
        return end;
    }

    private static boolean kept(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '.' || c == '-' || c == '*' || c == '_';
    }

    private static void percent(StringBuilder out, int b) {
        out.append('%').append(HEX[b >> 4]).append(HEX[b & 0xf]);
    }
}
