package org.tilemark.config;

import java.util.regex.Pattern;

/**
 * How a value a user gave is echoed in a one-line message: clipped (a 100,000-digit number is not
 * printed back whole), on one line, and with any credential it may carry replaced by {@code ***}.
 */
public final class Messages {

    private static final int MAX_ECHO = 60;
    // scheme://user:password@host, scheme://token@host, and user:pa/ss@host where the password holds a
    // slash: everything between "//" and the last '@' before the end of the value is user info.
    private static final Pattern USER_INFO = Pattern.compile("//[^\\s'\"]*@");
    private static final Pattern PASSWORD_PARAM = Pattern.compile("(?i)((?:password|passwd|pwd|secret|token|key)=)[^&;\\s]*");

    private Messages() {
    }

    /** {@code value} for a message: no line breaks or control characters, at most 60 characters. */
    public static String clip(String value) {
        if (value == null) {
            return "null";
        }
        String oneLine = value.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        if (oneLine.length() <= MAX_ECHO) {
            return oneLine;
        }
        return oneLine.substring(0, 40) + "... (" + oneLine.length() + " characters)";
    }

    /** {@code value} with any user info of a URL and any password parameter replaced by {@code ***}. */
    public static String redact(String value) {
        if (value == null) {
            return null;
        }
        String withoutParams = PASSWORD_PARAM.matcher(value).replaceAll("$1***");
        return USER_INFO.matcher(withoutParams).replaceAll("//***@");
    }

    /** A value that may hold a credential, ready for a message: redacted, then clipped. */
    public static String echo(String value) {
        return clip(redact(value));
    }
}
