package org.tilemark.templates.guest;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The one writer and reader of the readiness report (format {@value #FORMAT}, version
 * {@value #VERSION}). On the local platform it is the file {@value #FILE_NAME} in the VM's directory;
 * in a VM the boot agent hands the same JSON to the platform (e.g. on the serial console or guestinfo).
 */
public final class ReadinessReportFile {

    public static final String FILE_NAME = "readiness.json";
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

    public static void write(Path file, ReadinessReport report) throws IOException {
        JSON.write(file, report, false);
    }

    public static ReadinessReport read(Path file) throws IOException {
        return JSON.read(file);
    }
}
