package org.tilemark.templates;

import java.util.List;

/**
 * What every VM of one role is made from. {@code ports} names the services the guest offers, each
 * reached through an endpoint of its own; the first is the VM's primary endpoint.
 */
public record RoleTemplate(String role, VmSize size, GuestLaunch launch, List<String> ports) {

    public static final String MAIN_PORT = "main";

    public RoleTemplate {
        ports = List.copyOf(ports);
        if (ports.isEmpty()) {
            throw new IllegalArgumentException("role " + role + ": ports must name at least one service");
        }
    }

    /** A role with one service. */
    public RoleTemplate(String role, VmSize size, GuestLaunch launch) {
        this(role, size, launch, List.of(MAIN_PORT));
    }
}
