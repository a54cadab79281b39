package org.tilemark.infra.ops;

import java.util.Optional;

/**
 * One kind of infrastructure operation, run over and over by a loop of each infra block. An
 * operation picks what it works on from the {@link VmPool}, never a VM another operation holds.
 */
public sealed interface InfraOperation permits VMotion, StorageVMotion, XvMotion, Deploy {

    /** The name in results and configuration: vmotion, storage-vmotion, xvmotion, deploy. */
    String name();

    /**
     * Runs one operation and returns its record (failures are records too), or empty when there was
     * nothing to work on (every eligible VM busy).
     */
    Optional<OperationRecord> runOnce(int block) throws InterruptedException;
}
