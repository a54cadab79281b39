package org.tilemark.infra.platform.libvirt;

/** How the hosts run guests, as libvirt names it in a domain's {@code type} ({@code cluster.libvirt.domainType}). */
enum DomainType {
    /** Hardware virtualization: what a benchmark measures. */
    KVM,
    /** QEMU's software emulation (TCG), for hosts without usable KVM: same operations, far slower. */
    QEMU
}
