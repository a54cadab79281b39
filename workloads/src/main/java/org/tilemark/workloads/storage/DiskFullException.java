package org.tilemark.workloads.storage;

import java.io.IOException;
import java.nio.file.Path;

/** The device holding a data file ran out of space; the run (or preallocation) stopped. */
public final class DiskFullException extends IOException {

    DiskFullException(Path file, IOException cause) {
        super("disk full: no space left on the device holding " + file + "; the I/O run stopped and its files are closed ("
                + cause.getMessage() + ")", cause);
    }

    /** ENOSPC (and EDQUOT, which looks the same to a benchmark) as the JDK reports them. */
    static boolean isDiskFull(IOException e) {
        String message = String.valueOf(e.getMessage());
        return message.contains("No space left on device") || message.contains("Disk quota exceeded");
    }
}
