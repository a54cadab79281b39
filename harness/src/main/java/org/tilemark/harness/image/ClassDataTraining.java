package org.tilemark.harness.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.ReadinessReport;
import org.tilemark.templates.image.ImageRecipe;

/**
 * Writes the image's class-data archive: the image's own launcher starts the standby guest inside the
 * finished root file system (natively, in a chroot with its own /proc and PID namespace), waits for its
 * readiness report and stops it; the JVM archives the classes it loaded as it exits. Every VM's JVM
 * then maps them instead of parsing and verifying them: under software emulation that halves the time
 * from the guest's start to its readiness report. The standby guest starts the code every role shares
 * (guest config, readiness report, serving); a role's own classes load as they would without an archive.
 */
final class ClassDataTraining {

    /** Inside the chroot: the training guest's config, disk and report, removed afterwards. */
    private static final String WORK = "/tmp/tilemark-class-data";
    private static final int READY_WAIT_TENTHS = 1800;

    private final CommandRunner commands;

    ClassDataTraining(CommandRunner commands) {
        this.commands = commands;
    }

    void run(RootFileSystem rootFs) throws ImageBuildException, IOException {
        Path work = rootFs.inRoot(WORK);
        Files.createDirectories(work.resolve("disk"));
        GuestDocumentFile.CONFIG.write(work.resolve(GuestDocumentFile.CONFIG.fileName()), new GuestConfig("standby", 0, "image-build",
                "class-data-training", "127.0.0.1", "127.0.0.1/32", Map.of(), Map.of(), Map.of()));
        String script = String.join("\n",
                "set -a; . " + ImageRecipe.BOOT_ENV + "; set +a",
                "export GUEST_RUN=" + WORK + " GUEST_DISK=" + WORK + "/disk",
                "export TILEMARK_CLASS_DATA=-XX:ArchiveClassesAtExit=$CLASS_DATA_ARCHIVE",
                ImageRecipe.GUEST_LAUNCHER + " & guest=$!",
                "i=0",
                "while [ ! -s \"$GUEST_RUN/" + GuestDocumentFile.READINESS.fileName() + "\" ] && kill -0 $guest 2>/dev/null"
                        + " && [ $i -lt " + READY_WAIT_TENTHS + " ]; do sleep 0.1; i=$((i+1)); done",
                "kill -TERM $guest 2>/dev/null; wait $guest",
                "test -s \"$CLASS_DATA_ARCHIVE\" || { echo \"no class-data archive written\"; exit 1; }");
        String root = rootFs.root().toString();
        // A mount and PID namespace of its own: /proc and /dev for the JVM, gone with the command.
        commands.run(List.of("unshare", "--fork", "--pid", "--mount", "--mount-proc=" + rootFs.inRoot("/proc"),
                "sh", "-c", "mount --rbind /dev \"$1\"/dev && exec chroot \"$1\" /bin/sh -c \"$2\"", "train", root, script));
        Path report = work.resolve(GuestDocumentFile.READINESS.fileName());
        ReadinessReport ready = Files.isRegularFile(report) ? GuestDocumentFile.READINESS.read(report) : null;
        if (ready == null || !ready.isReady()) {
            throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, "the class-data training run of the standby guest did not"
                    + " become ready: " + (ready == null ? "no readiness report" : ready.reason()));
        }
        ImageBuilder.deleteTree(work);
    }
}
