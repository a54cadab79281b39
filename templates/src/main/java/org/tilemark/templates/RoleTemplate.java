package org.tilemark.templates;

import java.util.List;

/**
 * What every VM of one role is made from and may undergo. {@code ports} names the services the guest
 * offers, each reached through an endpoint of its own; the first is the VM's primary endpoint.
 * {@code stateless}: the guest writes nothing to its disk while serving (a web front end, a heartbeat
 * responder), so a platform that must restart it to move its disk may start the copy before stopping
 * the original; it also serves requests that carry no session (HTTP/1.1, the client speaking first),
 * so the platform may move its clients' connections to the copy between two requests.
 * {@code movable}: a tile VM that infrastructure operations may migrate.
 */
public record RoleTemplate(String role, String displayName, VmSize size, List<String> ports, boolean stateless,
                           boolean movable) {

    public static final String MAIN_PORT = "main";

    public RoleTemplate {
        ports = List.copyOf(ports);
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("role " + role + ": ports must name at least one service");
        }
    }

    /** A role with one service that keeps state on its disk and that infra operations leave alone. */
    public RoleTemplate(String role, VmSize size) {
        this(role, role, size, List.of(MAIN_PORT), false, false);
    }
}
