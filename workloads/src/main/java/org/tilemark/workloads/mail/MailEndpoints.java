package org.tilemark.workloads.mail;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import org.tilemark.workloads.DriverContext;

/**
 * Where a tile's mail is served: the tile's mail VM (endpoints {@code tileN-mail/smtp} and
 * {@code /imap}) or, when both URLs are configured, an external server. {@code name} labels errors.
 */
record MailEndpoints(InetSocketAddress smtp, InetSocketAddress imap, String name) {

    static boolean external(MailSpec spec) {
        return !blank(spec.smtpUrl()) || !blank(spec.imapUrl());
    }

    static MailEndpoints of(DriverContext context) {
        MailSpec spec = context.spec().workloads().section(MailSpec.class);
        if (external(spec)) {
            InetSocketAddress imap = address(spec.imapUrl(), "imap", 143);
            return new MailEndpoints(address(spec.smtpUrl(), "smtp", 25), imap,
                    "mail@" + imap.getHostString() + ":" + imap.getPort());
        }
        String vm = MailWorkload.vmName(context.tile());
        return new MailEndpoints(context.endpoint(vm + "/smtp"), context.endpoint(vm + "/imap"), vm);
    }

    /** {@code scheme://host[:port]}; the port defaults to the protocol's. Never echoes user info. */
    static InetSocketAddress address(String url, String scheme, int defaultPort) {
        if (blank(url)) {
            throw new IllegalArgumentException("no " + scheme + " URL configured");
        }
        try {
            URI uri = new URI(url.strip());
            if (!scheme.equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalArgumentException("expected " + scheme + "://host:port, not " + redact(url));
            }
            return InetSocketAddress.createUnresolved(uri.getHost(), uri.getPort() < 0 ? defaultPort : uri.getPort());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("expected " + scheme + "://host:port, not " + redact(url), e);
        }
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    /** Keeps a credential typed into a URL out of messages. */
    private static String redact(String url) {
        return url.replaceAll("//[^/?#@]*@", "//***@");
    }
}
