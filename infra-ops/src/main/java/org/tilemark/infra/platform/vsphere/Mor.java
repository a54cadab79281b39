package org.tilemark.infra.platform.vsphere;

/** A managed object reference: vCenter's handle of one object, e.g. {@code VirtualMachine vm-42}. */
record Mor(String type, String value) {

    static final Mor SERVICE_INSTANCE = new Mor("ServiceInstance", "ServiceInstance");
}
