package org.tilemark.infra.platform.vsphere;

import java.util.Arrays;
import java.util.Optional;

/** When powerOn counts a VM as up (setting {@code cluster.vsphere.readiness}). */
enum Readiness {
    /** The guest wrote its readiness report into {@code guestinfo.tilemark.readiness} and VMware Tools reports its address. */
    GUEST("guest"),
    /** vCenter reports the VM powered on: for simulators, which boot no guest; not publishable. */
    POWER_STATE("power-state");

    private final String key;

    Readiness(String key) {
        this.key = key;
    }

    String key() {
        return key;
    }

    static Optional<Readiness> of(String key) {
        return Arrays.stream(values()).filter(value -> value.key.equals(key)).findFirst();
    }

    static String keys() {
        return String.join(", ", Arrays.stream(values()).map(Readiness::key).toList());
    }
}
