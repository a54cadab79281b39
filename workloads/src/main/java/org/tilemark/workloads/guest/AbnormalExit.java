package org.tilemark.workloads.guest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.ReadinessReport;

/**
 * The readiness report of a guest whose process ended abnormally without giving one: a JVM that
 * crashed (a SIGSEGV under software emulation) or was killed cannot report for itself, and a platform
 * waiting for its report would wait its whole boot timeout. A guest that already reported its own
 * failure keeps its reason; one that was ready reports that it no longer serves.
 */
public final class AbnormalExit {

    /** What the console says when the guest had reported its own failure before it ended: that report stands. */
    public static final String REPORTED_ITSELF = "tilemark-guest: the guest ended after reporting its own failure";

    private static final String UNKNOWN = "(unknown)";

    private AbnormalExit() {
    }

    /** Writes and returns the FAILED report, or nothing if the guest already reported its failure. */
    static Optional<ReadinessReport> report(Path configFile, Path reportFile, String how) {
        Optional<ReadinessReport> earlier = readQuietly(GuestDocumentFile.READINESS, reportFile);
        if (earlier.isPresent() && !earlier.get().isReady()) {
            return Optional.empty();
        }
        Optional<GuestConfig> config = readQuietly(GuestDocumentFile.CONFIG, configFile);
        String vmName = config.map(GuestConfig::vmName).or(() -> earlier.map(ReadinessReport::vmName)).orElse(UNKNOWN);
        String role = config.map(GuestConfig::role).or(() -> earlier.map(ReadinessReport::role)).orElse(UNKNOWN);
        String when = earlier.isPresent() ? "after it was ready" : "before it was ready";
        ReadinessReport failed = ReadinessReport.failed(vmName, role, "the guest process ended " + when + " (" + how + ")", 0);
        try {
            GuestDocumentFile.READINESS.write(reportFile, failed);
        } catch (Exception e) {
            System.out.println("guest " + vmName + ": its failure report could not be written to " + reportFile + ": " + e.getMessage());
        }
        return Optional.of(failed);
    }

    private static <T> Optional<T> readQuietly(GuestDocumentFile<T> document, Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(document.read(file));
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
