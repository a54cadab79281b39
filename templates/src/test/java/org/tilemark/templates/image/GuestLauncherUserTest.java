package org.tilemark.templates.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The image's launcher, run as root the way the unit runs it: the mail role keeps root (Postfix's master needs it),
 * every other role runs as {@code TILEMARK_RUN_AS}, and without it (the image build's class-data run) nothing changes.
 */
class GuestLauncherUserTest {

    @Test
    void onlyTheMailRoleKeepsRoot() throws Exception {
        assumeThat(ProcessHandle.current().info().user().orElse("")).as("runs as root, as the unit does").isEqualTo("root");
        // A directory every user can read: the launcher runs the stand-in java after dropping to 'nobody'.
        Path dir = Files.createTempDirectory("tilemark-launcher-", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
        try {
            Path java = Files.createDirectories(dir.resolve("java/bin")).resolve("java");
            Files.writeString(java, "#!/bin/sh\nid -un\n");
            Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.writeString(dir.resolve("classpath"), "x");
            Path launcher = dir.resolve("tilemark-guest");
            Files.writeString(launcher, ImageRecipe.standard().bootAgent().stream()
                    .filter(f -> f.path().equals(ImageRecipe.GUEST_LAUNCHER)).findFirst().orElseThrow().content());

            assertThat(runAs(dir, launcher, "mail", "nobody")).isEqualTo("root");
            assertThat(runAs(dir, launcher, "standby", "nobody")).isEqualTo("nobody");
            assertThat(runAs(dir, launcher, "dvdstore-db", "nobody")).isEqualTo("nobody");
            assertThat(runAs(dir, launcher, "standby", null)).as("the class-data run sets no user").isEqualTo("root");
        } finally {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String runAs(Path dir, Path launcher, String role, String runAs) throws IOException, InterruptedException {
        Files.writeString(dir.resolve("guest-config.json"), "{\"role\":\"" + role + "\",\"tile\":1,\"settings\":{\"x.role\":\"mail\"}}");
        ProcessBuilder builder = new ProcessBuilder("sh", launcher.toString()).redirectErrorStream(true);
        builder.environment().put("GUEST_HOME", dir.toString());
        builder.environment().put("GUEST_RUN", dir.toString());
        builder.environment().put("GUEST_CLASSPATH", dir.resolve("classpath").toString());
        builder.environment().put("GUEST_DISK", dir.toString());
        builder.environment().put("CLASS_DATA_ARCHIVE", dir.resolve("none.jsa").toString());
        builder.environment().put("IMAGE_MANIFEST", dir.resolve("manifest.json").toString());
        if (runAs != null) {
            builder.environment().put("TILEMARK_RUN_AS", runAs);
        }
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor()).as(output).isZero();
        return output;
    }
}
