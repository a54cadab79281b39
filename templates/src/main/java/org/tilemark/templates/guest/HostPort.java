package org.tilemark.templates.guest;

/** Where a service answers: a host name or address and a TCP port. */
public record HostPort(String host, int port) {

    public HostPort {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port must be in 1..65535 (got " + port + ")");
        }
    }

    /** {@code host:port}, IPv6 literals in brackets, as URLs and JDBC want them. */
    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
