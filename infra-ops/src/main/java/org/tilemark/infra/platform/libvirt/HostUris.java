package org.tilemark.infra.platform.libvirt;

import java.net.URI;
import java.net.URISyntaxException;

/** Host URIs as they may be shown: a password in the user part never reaches a message. */
final class HostUris {

    private HostUris() {
    }

    static boolean hasPassword(String uri) {
        try {
            String userInfo = new URI(uri.strip()).getRawUserInfo();
            return userInfo != null && userInfo.contains(":");
        } catch (URISyntaxException e) {
            return false;
        }
    }

    static String redacted(String uri) {
        try {
            URI parsed = new URI(uri.strip());
            String userInfo = parsed.getRawUserInfo();
            if (userInfo == null || !userInfo.contains(":")) {
                return uri;
            }
            return uri.replace(userInfo, userInfo.substring(0, userInfo.indexOf(':')) + ":***");
        } catch (URISyntaxException e) {
            // Unparseable: cut at an '@' so a user:password prefix cannot leak.
            int at = uri.indexOf('@');
            return at < 0 ? uri : "***" + uri.substring(at);
        }
    }
}
