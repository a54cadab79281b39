package org.tilemark.config;

import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JDBC URLs the harness can use: PostgreSQL's {@code jdbc:postgresql://host[:port]/database[?params]},
 * where {@code {tile}} may stand for the tile number. One parser, so validation and the reachability
 * check before a run read a URL the same way.
 */
public final class JdbcUrls {

    public static final String SYNTAX = "jdbc:postgresql://host[:port]/database";
    private static final int DEFAULT_PORT = 5432;
    private static final Pattern POSTGRES = Pattern.compile(
            "jdbc:postgresql://([A-Za-z0-9.\\-{}]+|\\[[0-9A-Fa-f:.]+])(?::([0-9]{1,5}))?/[A-Za-z0-9_{}\\-]+(\\?[^#\\s]*)?");

    private JdbcUrls() {
    }

    /** The URL of {@code database} on the PostgreSQL server at {@code server} (an IPv6 address in brackets). */
    public static String postgres(InetSocketAddress server, String database) {
        String host = server.getHostString();
        return "jdbc:postgresql://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.getPort() + "/" + database;
    }

    /** The server's address (unresolved; {@code {tile}} read as tile 1), or empty when the URL is not one we can use. */
    public static Optional<InetSocketAddress> server(String url) {
        Matcher m = POSTGRES.matcher(url.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        String host = m.group(1).replace("{tile}", "1");
        int port = m.group(2) == null ? DEFAULT_PORT : Integer.parseInt(m.group(2));
        if (!Addresses.isPort(port) || !(host.startsWith("[") || Addresses.isHostOrAddress(host))) {
            return Optional.empty();
        }
        return Optional.of(InetSocketAddress.createUnresolved(host.replace("[", "").replace("]", ""), port));
    }
}
