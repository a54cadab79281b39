package org.tilemark.templates.guest;

import java.util.Optional;

/**
 * The readiness report as one line on a VM's serial console, for platforms that read the console
 * (QEMU {@code -serial file:}, libvirt's serial log, a vSphere serial port to a file): {@value #TAG}
 * and the {@link GuestDocumentFile#READINESS} document on one line.
 */
public final class ReadinessConsole {

    public static final String TAG = "TILEMARK-READINESS";

    private ReadinessConsole() {
    }

    public static String toLine(ReadinessReport report) {
        return TAG + " " + GuestDocumentFile.READINESS.toLine(report);
    }

    /**
     * The last report in a VM's console output, if it printed one yet. A line may carry other output
     * before the tag (the console interleaves the kernel's and the guest's), so the tag is looked for
     * anywhere in it. Only complete lines count: a serial console writes about 11 KB a second, so a
     * report carrying its image's manifest is still being written when a platform may read it.
     */
    public static Optional<ReadinessReport> fromConsole(String console) throws GuestDocumentException {
        String[] lines = console.substring(0, console.lastIndexOf('\n') + 1).split("\\r?\\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            int at = lines[i].indexOf(TAG + " ");
            if (at >= 0) {
                return Optional.of(GuestDocumentFile.READINESS.fromJson(lines[i].substring(at + TAG.length() + 1).strip()));
            }
        }
        return Optional.empty();
    }
}
