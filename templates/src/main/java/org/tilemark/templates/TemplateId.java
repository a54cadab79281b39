package org.tilemark.templates;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * Identity of a built template disk: the role plus everything that shaped its contents (data size,
 * seed, schema version, a digest of the credentials baked in). Two requests with the same id share
 * one cached disk; any change yields a new id, so a stale template is never reused.
 */
public record TemplateId(String role, Map<String, String> buildInfo) {

    public TemplateId {
        buildInfo = Map.copyOf(buildInfo);
    }

    /** A file-name-safe key, e.g. {@code dvdstore-db-3f9a0c12e4b1}. */
    public String cacheKey() {
        StringBuilder text = new StringBuilder(role);
        new TreeMap<>(buildInfo).forEach((k, v) -> text.append('\n').append(k).append('=').append(v));
        return role + "-" + HexFormat.of().formatHex(sha256(text.toString())).substring(0, 12);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
