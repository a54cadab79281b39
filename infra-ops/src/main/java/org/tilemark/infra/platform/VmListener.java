package org.tilemark.infra.platform;

/** Told when a VM stops without being asked to, e.g. its guest crashed or was killed. */
@FunctionalInterface
public interface VmListener {

    void stoppedUnexpectedly(Vm vm, String cause);
}
