package org.tilemark.templates.guest;

/**
 * Where a guest fetches its secrets, once: the harness's HTTPS address, a token that works for one fetch, and the
 * SHA-256 fingerprint of the certificate the harness serves there (the guest trusts that certificate and no other).
 * A platform that keeps the guest config readable (vCenter's extraConfig) puts this in it instead of the secrets.
 *
 * @param url                 {@code https://address:port/secrets}
 * @param token               random, good for one fetch, and revoked when the VM is ready and when the run ends
 * @param certificateSha256   lower-case hex of the SHA-256 of the harness certificate's DER encoding
 */
public record SecretSource(String url, String token, String certificateSha256) {

    /** The HTTP header the token travels in. */
    public static final String TOKEN_HEADER = "Authorization";
    public static final String TOKEN_SCHEME = "Bearer ";

    /** The token is never printed. */
    @Override
    public String toString() {
        return "SecretSource[" + url + " certificate sha256 " + certificateSha256 + "]";
    }
}
