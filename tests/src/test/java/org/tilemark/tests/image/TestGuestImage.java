package org.tilemark.tests.image;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.tilemark.harness.image.BuildHost;
import org.tilemark.harness.image.ImageBuilder;
import org.tilemark.templates.image.ImageManifest;

/**
 * The guest image the VM tests boot: built by this tree once per test JVM with {@code tilemark image
 * build}'s code (Debian packages cached between builds under ~/.cache/tilemark/debs) and shared by
 * every test class that boots it, or the file {@code -Dtilemark.test.guestImage} names (its manifest
 * beside it).
 */
public final class TestGuestImage {

    private static final Path DIR = Path.of("target", "guest-image").toAbsolutePath();
    private static Image image;

    private TestGuestImage() {
    }

    /** The image, its sidecar manifest, and how long this JVM took to build it (empty when given). */
    public record Image(Path file, Path manifestFile, ImageManifest manifest, Optional<java.time.Duration> built) {
    }

    public static synchronized Image get() throws Exception {
        if (image == null) {
            image = find();
        }
        return image;
    }

    private static Image find() throws Exception {
        String given = System.getProperty("tilemark.test.guestImage", "");
        if (!given.isBlank()) {
            Path file = Path.of(given).toAbsolutePath();
            Path manifest = file.resolveSibling(file.getFileName() + ".manifest.json");
            return new Image(file, manifest, ImageManifest.read(Files.readAllBytes(manifest)), Optional.empty());
        }
        Path cache = Path.of(System.getProperty("user.home"), ".cache", "tilemark", "debs");
        ImageBuilder.Result built = new ImageBuilder(System.out, new BuildHost(Path.of(System.getProperty("java.home")),
                System.getProperty("java.class.path"), System.getenv("PATH"))).build(new ImageBuilder.Request("qcow2", DIR, null, cache));
        System.out.printf("guest image: built in %d s, %.1f MiB, sha256 %s%n", built.took().toSeconds(), built.sizeBytes() / 1048576.0,
                built.sha256());
        return new Image(built.image(), built.manifest(), ImageManifest.read(Files.readAllBytes(built.manifest())),
                Optional.of(built.took()));
    }
}
