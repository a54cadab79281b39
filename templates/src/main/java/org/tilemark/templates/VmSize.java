package org.tilemark.templates;

/** The virtual hardware of one VM. A real platform sizes the VM from it; the local one sizes the guest process and the bytes a migration moves. */
public record VmSize(int vcpus, int memoryMb, int diskGb) {

    public VmSize {
        if (vcpus < 1) throw new IllegalArgumentException("vcpus must be >= 1 (got " + vcpus + ")");
        if (memoryMb < 64) throw new IllegalArgumentException("memoryMb must be >= 64 (got " + memoryMb + ")");
        if (diskGb < 1) throw new IllegalArgumentException("diskGb must be >= 1 (got " + diskGb + ")");
    }
}
