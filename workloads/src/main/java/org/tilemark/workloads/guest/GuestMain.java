package org.tilemark.workloads.guest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import org.tilemark.workloads.Workloads;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.SecretFetch;
import org.tilemark.templates.guest.ReadinessConsole;
import org.tilemark.templates.guest.ReadinessReport;
import org.tilemark.templates.image.GuestImage;

/**
 * {@code tilemark-guest --config FILE --disk DIR --report FILE [--build-template | --prepare-once MARKER] [--image-manifest FILE]}: the
 * one executable every VM runs. It reads the VM's guest-config document, serves the role it names from the disk, and
 * writes a readiness report: ready with its ports, or failed with the reason (an unknown role, a
 * missing peer, a service that would not start) so the platform never waits in vain. It stops
 * cleanly on SIGTERM. {@code --build-template} prepares the disk and exits (the local platform's
 * templates); {@code --prepare-once} prepares it on a VM's first boot, marks it, and serves in the same
 * JVM (an image's boot agent: under software emulation a JVM start costs tens of seconds). {@code
 * --image-manifest} names the manifest of the image the guest runs on: the ready report carries it, so
 * the run records what every VM booted; a guest that cannot read it reports that as its failure.
 * {@code --exited HOW} is the image's boot agent telling, after the guest's process ended abnormally
 * (killed, crashed, exited non-zero), how it ended: a guest that died without saying why still
 * reports FAILED ({@link AbnormalExit}), so the platform stops waiting at once.
 */
public final class GuestMain {

    /**
     * How long a guest in a VM waits for its DHCP address before it reports ready without one (a platform with
     * leases of its own may still find it). Generous: a bridge port with STP forwards after 30 s, and under
     * software emulation on a busy machine an olio-web guest was still without a lease after 60 s.
     */
    private static final Duration ADDRESS_PATIENCE = Duration.ofMinutes(10);
    private static final String USAGE = "usage: tilemark-guest --config FILE --disk DIR --report FILE [--build-template | --prepare-once MARKER]"
            + " [--image-manifest FILE] [--exited HOW]";

    private GuestMain() {
    }

    public static void main(String[] args) {
        Path config = null;
        Path disk = null;
        Path report = null;
        boolean buildTemplate = false;
        Path prepareMarker = null;
        Path imageManifest = null;
        String exited = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--config" -> config = path(args, ++i);
                case "--disk" -> disk = path(args, ++i);
                case "--report" -> report = path(args, ++i);
                case "--build-template" -> buildTemplate = true;
                case "--prepare-once" -> prepareMarker = path(args, ++i);
                case "--image-manifest" -> imageManifest = path(args, ++i);
                case "--exited" -> exited = value(args, ++i);
                default -> exit(2, "unknown argument '" + args[i] + "' (" + USAGE + ")");
            }
        }
        if (config == null || disk == null || report == null || (buildTemplate && prepareMarker != null)) {
            exit(2, USAGE);
        }
        if (exited != null) {
            System.out.println(AbnormalExit.report(config, report, exited).map(ReadinessConsole::toLine)
                    .orElse(AbnormalExit.REPORTED_ITSELF + " (" + exited + ")"));
            return;
        }
        new GuestMainRun(config, disk, report, Optional.ofNullable(imageManifest)).run(buildTemplate, Optional.ofNullable(prepareMarker));
    }

    private static Path path(String[] args, int i) {
        return Path.of(value(args, i)).toAbsolutePath().normalize();
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            exit(2, USAGE);
        }
        return args[i];
    }

    static void exit(int code, String message) {
        System.out.println(message);
        System.exit(code);
    }

    /** One start of the guest: read the config, find the role, serve or build, and report. */
    private record GuestMainRun(Path configFile, Path disk, Path reportFile, Optional<Path> imageManifest) {

        void run(boolean buildTemplate, Optional<Path> prepareMarker) {
            GuestConfig config;
            try {
                config = GuestDocumentFile.CONFIG.read(configFile);
            } catch (Exception e) {
                failed("(unknown)", "(unknown)", "no readable guest config at " + configFile + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
                return;
            }
            try {
                // A platform that keeps the config readable (vCenter) hands the secrets out once, over TLS, instead.
                config = SecretFetch.resolve(config);
                // Read before anything starts: a guest that cannot say what it runs on fails instead of serving unnamed.
                Optional<GuestImage> image = imageManifest.isEmpty() ? Optional.empty() : Optional.of(readImage(imageManifest.get()));
                GuestRole guest = find(config.role());
                GuestContext context = new GuestContext(disk, config);
                if (buildTemplate) {
                    guest.buildTemplate(context);
                    exit(0, "template for " + config.role() + " built");
                }
                if (prepareMarker.isPresent() && !Files.exists(prepareMarker.get())) {
                    guest.buildTemplate(context);
                    Files.createFile(prepareMarker.get());
                    System.out.println("disk for " + config.role() + " prepared");
                }
                serve(guest, context, image);
            } catch (Exception | LinkageError e) { // a class missing from the guest's runtime is a reason to report too
                e.printStackTrace(System.out);
                failed(config.vmName(), config.role(), e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }

        private static GuestImage readImage(Path manifest) throws IOException {
            try {
                return GuestImage.read(manifest);
            } catch (IOException e) {
                throw new IOException("cannot read the image manifest " + manifest + ": " + e.getMessage(), e);
            }
        }

        private void serve(GuestRole guest, GuestContext context, Optional<GuestImage> image) throws Exception {
            RunningGuest running = guest.start(context);
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    running.close();
                    System.out.println("guest " + guest.name() + " stopped");
                } catch (Exception e) {
                    e.printStackTrace(System.out);
                } finally {
                    stopped.countDown();
                }
            }, "guest-shutdown"));
            ReadinessReport ready = ReadinessReport.ready(context.config().vmName(), guest.name(), running.ports(),
                    ProcessHandle.current().pid());
            ready = running.server().map(ready::servedBy).orElse(ready);
            if (image.isPresent()) { // in a VM: its platform may learn its address only from this report
                List<String> addresses = OwnAddresses.awaitAny(ADDRESS_PATIENCE);
                if (addresses.isEmpty()) {
                    System.out.println("guest " + guest.name() + ": no address of its own after " + ADDRESS_PATIENCE.toMinutes()
                            + " min; interfaces: " + OwnAddresses.describe());
                }
                ready = ready.runningOn(image.get()).reachableAt(addresses);
            }
            GuestDocumentFile.READINESS.write(reportFile, ready);
            System.out.println(ReadinessConsole.toLine(ready));
            System.out.println("guest " + guest.name() + " ready on " + context.bindAddress() + ", ports " + running.ports());
            stopped.await();
        }

        /** Reports the failure where the platform looks for readiness, and on the console, then exits 1. */
        private void failed(String vmName, String role, String reason) {
            String line = "guest " + vmName + " (" + role + ") failed: " + reason;
            ReadinessReport failed = ReadinessReport.failed(vmName, role, reason, ProcessHandle.current().pid());
            // The console line first: a platform that reads the VM's serial console learns the reason even if the file cannot be written.
            System.out.println(ReadinessConsole.toLine(failed));
            try {
                GuestDocumentFile.READINESS.write(reportFile, failed);
            } catch (Exception e) {
                line += " (and its readiness report could not be written: " + e.getMessage() + ")";
            }
            exit(1, line);
        }

        private static GuestRole find(String role) {
            TreeSet<String> known = new TreeSet<>();
            for (GuestRole candidate : Workloads.guestRoles()) {
                if (candidate.name().equals(role)) {
                    return candidate;
                }
                known.add(candidate.name());
            }
            throw new IllegalArgumentException("unknown role '" + role + "' (known: " + String.join(", ", known) + ")");
        }
    }
}
