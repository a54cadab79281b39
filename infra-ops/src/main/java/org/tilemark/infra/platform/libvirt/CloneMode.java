package org.tilemark.infra.platform.libvirt;

/** How a VM's disk is made from the base image ({@code cluster.libvirt.cloneMode}). */
enum CloneMode {
    /** A qcow2 overlay whose backing file is the base image: instant, shares the image's blocks. */
    LINKED,
    /** A full copy of the base image: independent of it, costs the image's size per VM. */
    FULL
}
