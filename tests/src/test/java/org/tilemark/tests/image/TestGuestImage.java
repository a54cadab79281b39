package org.tilemark.tests.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.tilemark.templates.image.ImageManifest;
import org.tilemark.tests.lanes.TestLanes;

/**
 * The guest image the VM tests boot: built by this tree once per test JVM with {@code tilemark image
 * build} (Debian packages cached between builds under ~/.cache/tilemark/debs), in a process of its own at
 * the lowest CPU priority (it builds beside the local runs, see {@link TestLanes}), and shared by every test
 * class that boots it; or the file {@code -Dtilemark.test.guestImage} names (its manifest beside it).
 */
public final class TestGuestImage {

    private static final Path DIR = Path.of("target", "guest-image").toAbsolutePath();
    private static final String MANIFEST_SUFFIX = ".manifest.json";
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(30);
    private static Image image;

    private TestGuestImage() {
    }

    /** The image, its sidecar manifest, and how long this JVM took to build it (empty when given). */
    public record Image(Path file, Path manifestFile, ImageManifest manifest, Optional<Duration> built) {
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
            return read(file, file.resolveSibling(file.getFileName() + MANIFEST_SUFFIX), Optional.empty());
        }
        Files.createDirectories(DIR);
        for (Path stale : manifests()) { // the one manifest left after the build names the image this run built
            Files.delete(stale);
        }
        Path cache = Path.of(System.getProperty("user.home"), ".cache", "tilemark", "debs");
        Path log = DIR.resolve("build.log");
        long started = System.nanoTime();
        Process build = new ProcessBuilder(TestLanes.lowPriority(TestLanes.harness(List.of("image", "build", "--format", "qcow2",
                "-o", DIR.toString(), "--package-cache", cache.toString()), Map.of())))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!build.waitFor(BUILD_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
            build.destroyForcibly();
            throw new IllegalStateException("tilemark image build took longer than " + BUILD_TIMEOUT + "; its output:\n" + Files.readString(log));
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        List<Path> manifests = manifests();
        if (build.exitValue() != 0 || manifests.size() != 1) {
            throw new IllegalStateException("tilemark image build exited " + build.exitValue() + " leaving " + manifests
                    + "; its output:\n" + Files.readString(log));
        }
        Path manifest = manifests.getFirst();
        String name = manifest.getFileName().toString();
        Image built = read(manifest.resolveSibling(name.substring(0, name.length() - MANIFEST_SUFFIX.length())), manifest, Optional.of(took));
        System.out.printf("guest image: built in %d s, %.1f MiB, sha256 %s%n", took.toSeconds(),
                Files.size(built.file()) / 1048576.0, built.manifest().image().sha256());
        return built;
    }

    private static Image read(Path file, Path manifest, Optional<Duration> built) throws IOException {
        return new Image(file, manifest, ImageManifest.read(Files.readAllBytes(manifest)), built);
    }

    private static List<Path> manifests() throws IOException {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.filter(f -> f.getFileName().toString().endsWith(MANIFEST_SUFFIX)).toList();
        }
    }
}
