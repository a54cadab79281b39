package org.tilemark.workloads;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Identifies a credential baked into a template disk without revealing it: part of the template's
 * identity, so a changed password builds a new template instead of reusing a stale one.
 */
public final class SecretDigest {

    private SecretDigest() {
    }

    public static String of(String secret) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(("tilemark-template:" + secret).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
