package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.time.Duration;
import java.time.Instant;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.ReadinessReport;

/**
 * The files of one VM on its datastore: {@code disk/} (cloned from the template), the guest config
 * (what the VM is told, readable by its owner only: it holds secrets), the readiness report (written
 * by the guest once it serves or has failed) and {@code console.log}.
 */
record VmDirectory(Path path) {

    Path disk() {
        return path.resolve("disk");
    }

    Path console() {
        return path.resolve("console.log");
    }

    Path guestConfig() {
        return path.resolve(GuestDocumentFile.CONFIG.fileName());
    }

    Path readinessReport() {
        return path.resolve(GuestDocumentFile.READINESS.fileName());
    }

    void writeGuestConfig(GuestConfig config) throws IOException {
        GuestDocumentFile.CONFIG.write(guestConfig(), config);
    }

    /** The guest's readiness report once it has written one; a report that cannot be read is treated as not yet there. */
    Optional<ReadinessReport> readiness() {
        if (!Files.exists(readinessReport())) {
            return Optional.empty();
        }
        try {
            return Optional.of(GuestDocumentFile.READINESS.read(readinessReport()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Waits for the guest's readiness report: ready, or failed with the guest's reason, or failed
     * because none came within {@code timeout}. A guest that dies without one fails with its exit
     * code and last output.
     */
    ReadinessReport awaitReport(String vmName, Process process, Duration timeout) throws PlatformException, InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            boolean alive = process.isAlive();
            // Read after the liveness check: a guest that fails writes its report before it exits.
            Optional<ReadinessReport> report = readiness();
            if (report.isPresent()) {
                return report.get();
            }
            if (!alive) {
                throw new PlatformException("VM " + vmName + " failed to start (exit " + process.exitValue()
                        + "); last output:\n" + consoleTail(15));
            }
            Thread.sleep(100);
        }
        return ReadinessReport.failed(vmName, "", "not ready within " + timeout + "; last output:\n" + consoleTail(15), 0);
    }

    /** The console's last lines, for error messages when a guest fails to start. */
    String consoleTail(int lines) {
        try {
            List<String> all = Files.readAllLines(console(), StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no console output)";
        }
    }
}
