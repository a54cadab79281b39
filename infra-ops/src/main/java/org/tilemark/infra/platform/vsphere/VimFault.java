package org.tilemark.infra.platform.vsphere;

/** A fault vCenter answered with (a SOAP fault, or a task's error): its type and vCenter's own message. */
final class VimFault extends Exception {

    private final String faultType;

    VimFault(String faultType, String message) {
        super(faultType + ": " + message);
        this.faultType = faultType;
    }

    String faultType() {
        return faultType;
    }
}
