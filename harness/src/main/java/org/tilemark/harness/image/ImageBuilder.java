package org.tilemark.harness.image;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.tilemark.harness.run.ProgressBar;
import org.tilemark.templates.image.GuestImage;
import org.tilemark.templates.image.ImageManifest;
import org.tilemark.templates.image.ImageRecipe;

/**
 * Builds the guest image: checks its inputs (output directory, mirror, tools) before anything else,
 * bootstraps Debian, installs the guest, writes the bootable disk and converts it to the format asked
 * for, with its manifest beside it. Everything is built in a work directory inside the output
 * directory and only moved into place when complete: a failed build leaves no image behind.
 */
public final class ImageBuilder {

    static final String NAME = "tilemark-guest";
    private static final List<String> TOOLS = List.of("mmdebstrap", "mkfs.ext4", "sfdisk", "extlinux", "mount", "qemu-img", "chroot", "tar",
            "unshare");
    private static final String SETUP_HINT = "run tests/setup/install-vm-tools.sh (Debian packages)";

    private final PrintStream out;
    private final BuildHost host;

    public ImageBuilder(PrintStream out, BuildHost host) {
        this.out = out;
        this.host = host;
    }

    /** The request as the command line gives it. */
    public record Request(String format, Path outputDir, String mirror, Path packageCache) {
    }

    /** A finished image: its file, manifest and the build's duration. */
    public record Result(Path image, Path manifest, long sizeBytes, String sha256, Duration took) {
    }

    /** Builds the image; the exception's exit code is 2 for bad input and 3 for a mirror or tool failure. */
    public Result build(Request request) throws ImageBuildException {
        long start = System.nanoTime();
        ImageFormat format = ImageFormat.named(request.format());
        ImageRecipe recipe = ImageRecipe.standard();
        Path outputDir = request.outputDir().toAbsolutePath().normalize();
        DebianMirror mirror = DebianMirror.of(request.mirror());
        Path workDir = createWorkDir(outputDir);
        try {
            checkTools();
            step(1, "checking the Debian mirror " + mirror.uri());
            mirror.checkReachable(recipe.debianSuite());
            Result result = buildIn(workDir, format, recipe, mirror, request.packageCache(), outputDir, start);
            out.printf("image built in %d s: %s (%s, %.1f MiB)%n", result.took().toSeconds(), result.image(), format.extension(),
                    result.sizeBytes() / 1048576.0);
            return result;
        } catch (IOException | RuntimeException e) {
            throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, "image build failed: " + e);
        } finally {
            deleteTree(workDir);
        }
    }

    private Result buildIn(Path workDir, ImageFormat format, ImageRecipe recipe, DebianMirror mirror, Path cache, Path outputDir,
                           long start) throws ImageBuildException, IOException {
        CommandRunner commands = new CommandRunner(workDir.resolve("build.log"), out);
        RootFileSystem rootFs = new RootFileSystem(commands, workDir.resolve("root"));
        step(2, "Debian " + recipe.debianSuite() + " from packages (mmdebstrap; package cache " + cache + ")");
        rootFs.bootstrap(recipe, mirror, cache);
        step(3, "guest: Java runtime (jlink from " + host.javaHome() + "), Tilemark jars, boot agent, class-data archive");
        GuestPayload payload = new GuestPayload(commands, host);
        payload.installJava(recipe.javaModules(), rootFs.inRoot(ImageRecipe.GUEST_HOME + "/java"));
        List<String> jars = payload.installJars(rootFs.inRoot(ImageRecipe.GUEST_HOME + "/lib"));
        Files.writeString(rootFs.inRoot(ImageRecipe.GUEST_CLASSPATH), jars.stream()
                .map(jar -> ImageRecipe.GUEST_HOME + "/lib/" + jar).collect(Collectors.joining(":")) + "\n");
        rootFs.customize(recipe);
        TilemarkVersions versions = TilemarkVersions.load();
        ImageManifest manifest = new ImageManifest(versions.tilemark(), recipe.debianSuite(), recipe.architecture(),
                mirror.uri().toString(), BootDisk.kernelVersion(rootFs), Runtime.version().toString(), versions.postgresql(),
                rootFs.packageVersions(), jars, null);
        Path guestManifest = rootFs.inRoot(ImageRecipe.IMAGE_MANIFEST);
        manifest.write(guestManifest);
        String guestManifestSha256 = GuestImage.read(guestManifest).manifestSha256();
        new ClassDataTraining(commands).run(rootFs);
        step(4, "bootable disk (MBR, ext4, EXTLINUX)");
        Path raw = workDir.resolve(NAME + ".raw");
        new BootDisk(commands).write(rootFs, recipe, raw, workDir);
        deleteTree(rootFs.root());
        step(5, "writing " + format.extension());
        String name = NAME + "-" + versions.tilemark();
        Path built = workDir.resolve(name + "." + format.extension());
        format.write(raw, built, new ImageFormat.ImageOutput(commands, workDir, manifest, name));
        long size = Files.size(built);
        String sha256 = sha256(built);
        Path image = outputDir.resolve(built.getFileName());
        Path manifestFile = outputDir.resolve(name + "." + format.extension() + ".manifest.json");
        manifest.withImage(new ImageManifest.ImageFile(image.getFileName().toString(), format.extension(), size, sha256,
                        guestManifestSha256))
                .write(workDir.resolve("manifest.json"));
        Files.move(built, image, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Files.move(workDir.resolve("manifest.json"), manifestFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new Result(image, manifestFile, size, sha256, Duration.ofNanos(System.nanoTime() - start));
    }

    private void step(int number, String what) {
        out.println("[image " + number + "/5] " + ProgressBar.bar(number - 1, 5) + " " + what);
    }

    private static Path createWorkDir(Path outputDir) throws ImageBuildException {
        try {
            Files.createDirectories(outputDir);
            return Files.createTempDirectory(outputDir, ".tilemark-image-build-");
        } catch (IOException | SecurityException e) {
            throw new ImageBuildException(ImageBuildException.BAD_INPUT, "-o '" + outputDir + "' is not a writable directory ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    private void checkTools() throws ImageBuildException {
        for (String tool : TOOLS) {
            if (!host.hasTool(tool)) {
                throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, "'" + tool + "' is not installed: " + SETUP_HINT);
            }
        }
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 20];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Removes a build's work tree. */
    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            System.err.println("warning: could not remove the build's work directory " + dir + ": " + e.getMessage());
        }
    }
}
