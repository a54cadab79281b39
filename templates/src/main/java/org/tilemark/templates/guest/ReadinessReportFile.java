package org.tilemark.templates.guest;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The one writer and reader of the readiness report (format {@value #FORMAT}, version
 * {@value #VERSION}). On the local platform it is the file {@value #FILE_NAME} in the VM's directory;
 * in a VM the boot agent hands the same JSON to the platform (e.g. on the serial console or guestinfo).
 */
public final class ReadinessReportFile {

    public static final String FILE_NAME = "readiness.json";
    /** Starts the one console line that carries the report, for platforms that read a VM's serial console. */
    public static final String CONSOLE_TAG = "TILEMARK-READINESS";
    static final String FORMAT = "tilemark-readiness-report";
    static final int VERSION = 1;

    private static final VersionedJson<ReadinessReport> JSON = new VersionedJson<>(FORMAT, VERSION, ReadinessReport.class);

    private ReadinessReportFile() {
    }

    public static String toJson(ReadinessReport report) {
        return JSON.toJson(report);
    }

    public static ReadinessReport fromJson(String json) throws GuestDocumentException {
        return JSON.fromJson(json);
    }

    /** The report as one line for the VM's console: {@value #CONSOLE_TAG} and the document. */
    public static String toConsoleLine(ReadinessReport report) {
        return CONSOLE_TAG + " " + JSON.toLine(report);
    }

    /**
     * The last report in a VM's console output, if it printed one yet. A line may carry other output
     * before the tag (the console interleaves the kernel's and the guest's), so the tag is looked for
     * anywhere in it.
     */
    public static Optional<ReadinessReport> fromConsole(String console) throws GuestDocumentException {
        String[] lines = console.split("\r?\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            int at = lines[i].indexOf(CONSOLE_TAG + " ");
            if (at >= 0) {
                return Optional.of(JSON.fromJson(lines[i].substring(at + CONSOLE_TAG.length() + 1).strip()));
            }
        }
        return Optional.empty();
    }

    public static void write(Path file, ReadinessReport report) throws IOException {
        JSON.write(file, report, false);
    }

    public static ReadinessReport read(Path file) throws IOException {
        return JSON.read(file);
    }
}
