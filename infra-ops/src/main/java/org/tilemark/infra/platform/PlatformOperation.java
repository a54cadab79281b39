package org.tilemark.infra.platform;

import java.time.Instant;
import java.util.Objects;

/**
 * Something the platform did to one of Tilemark's VMs on its own, e.g. a migration vCenter's DRS made
 * to balance the cluster: a fact the run records beside its own operations, never one it scores.
 *
 * @param vm    the VM, as Tilemark deployed it
 * @param from  where it ran before
 * @param to    where it runs now
 * @param at    when the platform says it happened (its own clock)
 * @param cause who in the platform did it, in the platform's word, e.g. {@code DRS}
 */
public record PlatformOperation(Vm vm, Placement from, Placement to, Instant at, String cause) {

    public PlatformOperation {
        Objects.requireNonNull(vm, "vm");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(cause, "cause");
    }
}
