package org.tilemark.templates.image;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.GuestDocumentFile;

/**
 * The NoCloud volume that hands a VM its guest config (libvirt, Proxmox, OpenStack): an ISO 9660
 * volume labelled {@value #LABEL} holding the guest-config document as {@value #CONFIG_FILE}, beside
 * the {@code meta-data} and {@code user-data} files NoCloud readers expect. On VMware the same document
 * goes into the VM's {@value #GUESTINFO_KEY} property. The image's boot agent reads either.
 */
public final class NoCloudSeed {

    public static final String LABEL = "cidata";
    public static final String CONFIG_FILE = GuestDocumentFile.CONFIG.fileName();
    public static final String GUESTINFO_KEY = "guestinfo.tilemark.config";
    /** Where a VM on VMware hands its readiness report back (the image's tilemark-report-readiness writes it). */
    public static final String GUESTINFO_READINESS_KEY = "guestinfo.tilemark.readiness";

    private NoCloudSeed() {
    }

    /** Writes the volume to {@code iso} (with genisoimage, a Debian package); it holds the config's secrets, so it is owner-only. */
    public static void write(Path iso, GuestConfig config) throws IOException, InterruptedException {
        Path staging = Files.createTempDirectory(iso.toAbsolutePath().getParent(), ".cidata-");
        try {
            GuestDocumentFile.CONFIG.write(staging.resolve(CONFIG_FILE), config);
            Files.writeString(staging.resolve("meta-data"), "instance-id: " + config.vmName() + "\nlocal-hostname: "
                    + config.vmName() + "\n", StandardCharsets.UTF_8);
            Files.writeString(staging.resolve("user-data"), "#cloud-config\n", StandardCharsets.UTF_8);
            Process process = new ProcessBuilder(List.of("genisoimage", "-quiet", "-output", iso.toString(), "-volid", LABEL,
                    "-joliet", "-rock", staging.toString())).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                Files.deleteIfExists(iso);
                throw new IOException("genisoimage failed writing the NoCloud volume " + iso + ": " + output.strip());
            }
            iso.toFile().setReadable(false, false);
            iso.toFile().setReadable(true, true);
        } finally {
            try (Stream<Path> files = Files.walk(staging)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }
}
