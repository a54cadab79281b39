package org.tilemark.infra.platform;

/** Told of each operation the platform made on a VM of Tilemark's on its own (DRS moving it). */
@FunctionalInterface
public interface PlatformOperationListener {

    void performed(PlatformOperation operation);
}
