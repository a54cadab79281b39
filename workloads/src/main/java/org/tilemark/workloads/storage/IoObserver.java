package org.tilemark.workloads.storage;

import java.nio.file.Path;

/** Sees every I/O as it is issued: a seam for tests (offsets, directions); the engine passes a no-op. */
@FunctionalInterface
interface IoObserver {

    IoObserver NONE = (file, offset, length, read) -> { };

    void issued(Path file, long offset, int length, boolean read);
}
