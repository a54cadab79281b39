package org.tilemark.config;

import java.util.regex.Pattern;

/** Whether a setting is an address a socket can bind or reach, decided from its text alone (no DNS). */
public final class Addresses {

    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]{2,45}");
    private static final Pattern HOST_LABEL = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?");
    private static final Pattern NUMERIC = Pattern.compile("[0-9.]+");

    private Addresses() {
    }

    /** An IPv4 address (each part 0..255), an IPv6 literal, or a host name of letters, digits and hyphens. */
    public static boolean isHostOrAddress(String text) {
        String value = text.strip();
        if (NUMERIC.matcher(value).matches()) {
            return IPV4.matcher(value).matches(); // 999.999.999.999 is no host name either
        }
        if (value.contains(":")) {
            return IPV6.matcher(value).matches() && value.indexOf(':') != value.lastIndexOf(':');
        }
        if (value.length() > 253) {
            return false;
        }
        for (String label : value.split("\\.", -1)) {
            if (!HOST_LABEL.matcher(label).matches()) {
                return false;
            }
        }
        return true;
    }

    /** A TCP port: 1..65535. */
    public static boolean isPort(int port) {
        return port >= 1 && port <= 65535;
    }
}
