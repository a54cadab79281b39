package org.tilemark.harness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.infra.platform.OvfPackage;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformSettingException;
import org.tilemark.infra.platform.Platforms;
import org.springframework.stereotype.Component;
import org.tilemark.harness.image.BuildHost;
import org.tilemark.harness.image.ImageBuildException;
import org.tilemark.harness.image.ImageBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Component
@Command(name = "image", mixinStandardHelpOptions = true, description = "Guest images for real platforms.",
        subcommands = {ImageCommand.Build.class, ImageCommand.Push.class})
class ImageCommand {

    @Component
    @Command(name = "build", mixinStandardHelpOptions = true,
            description = "Build the bootable guest image every role's VM boots from (Debian, the guest's Java, Tilemark, a boot agent).")
    static class Build implements Callable<Integer> {

        @Option(names = "--format", defaultValue = "qcow2", description = "qcow2 | raw | vmdk | ova (default: ${DEFAULT-VALUE})")
        String format;

        @Option(names = {"-o", "--output"}, defaultValue = "images", description = "output directory (default: ${DEFAULT-VALUE})")
        Path output;

        @Option(names = "--mirror", description = "Debian mirror URL (default: the one this machine's apt uses)")
        String mirror;

        @Option(names = "--package-cache", description = "where downloaded Debian packages are kept between builds (default: ~/.cache/tilemark/debs)")
        Path packageCache;

        @Override
        public Integer call() {
            Path cache = packageCache != null ? packageCache
                    : Path.of(System.getProperty("user.home"), ".cache", "tilemark", "debs");
            try {
                BuildHost host = new BuildHost(Path.of(System.getProperty("java.home")), System.getProperty("java.class.path"),
                        System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin"));
                new ImageBuilder(System.out, host).build(new ImageBuilder.Request(format, output, mirror, cache));
                return 0;
            } catch (ImageBuildException e) {
                System.err.println("error: " + e.getMessage());
                return e.exitCode();
            }
        }
    }

    @Component
    @Command(name = "push", mixinStandardHelpOptions = true,
            description = {"Import a guest image (the OVA `image build --format ova` writes) into the platform as the template its "
                    + "tile VMs are cloned from (vSphere: OVF import through vCenter as cluster.vsphere.template, a base "
                    + "snapshot, marked as template; libvirt: the disk uploaded into the pool cluster.libvirt.baseImage.pool, "
                    + "converted there into the qcow2 volume baseImage.volume, the descriptor beside it).",
                    "Exit 0 imported, 2 bad input (no such file, not an OVA, a platform that cannot import, a setting vCenter "
                    + "refuses, the name taken), 3 the import failed (nothing is left behind)."})
    static class Push implements Callable<Integer> {

        @Parameters(paramLabel = "IMAGE", description = "the .ova file, e.g. images/tilemark-guest-0.1.0.ova")
        Path image;

        @Mixin
        ConfigOptions config;

        @Override
        public Integer call() {
            if (!Files.isRegularFile(image)) {
                System.err.println("error: IMAGE: no such file: " + image);
                return RunOutcome.BAD_INPUT;
            }
            var loaded = config.loadOrReport();
            if (loaded.isEmpty()) {
                return RunOutcome.BAD_INPUT;
            }
            BenchmarkSpec spec = loaded.get();
            Path unpacked = null;
            try {
                var importer = Platforms.imageImport(spec.cluster());
                unpacked = Files.createTempDirectory("tilemark-push-");
                OvfPackage ova = unpack(image, unpacked);
                System.out.println(importer.importImage(ova, line -> System.out.println("[image] " + line)));
                return 0;
            } catch (NotAnOva e) {
                System.err.println("error: IMAGE: " + e.getMessage());
                return RunOutcome.BAD_INPUT;
            } catch (PlatformException e) {
                System.err.println("error: " + e.getMessage());
                return e instanceof PlatformSettingException ? RunOutcome.BAD_INPUT : RunOutcome.RUNTIME_FAILURE;
            } catch (IOException e) {
                System.err.println("error: reading " + image + ": " + e.getMessage());
                return RunOutcome.RUNTIME_FAILURE;
            } finally {
                delete(unpacked);
            }
        }

        /** An OVA is a tar of the .ovf descriptor and the files it names: unpacked with tar, the descriptor read. */
        private static OvfPackage unpack(Path ova, Path into) throws IOException, NotAnOva {
            Process tar = new ProcessBuilder(List.of("tar", "-xf", ova.toAbsolutePath().toString(), "-C", into.toString()))
                    .redirectErrorStream(true).start();
            String said = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            try {
                if (tar.waitFor() != 0) {
                    throw new NotAnOva(ova + " is not an OVA (tar: " + said.lines().findFirst().orElse("failed") + ")");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while unpacking", e);
            }
            Map<String, Path> files = new LinkedHashMap<>();
            try (Stream<Path> entries = Files.list(into)) {
                entries.filter(Files::isRegularFile).forEach(file -> files.put(file.getFileName().toString(), file));
            }
            List<String> descriptors = files.keySet().stream().filter(name -> name.endsWith(".ovf")).toList();
            if (descriptors.size() != 1) {
                throw new NotAnOva(ova + " is not an OVA: it holds " + descriptors.size() + " .ovf descriptors (files: " + files.keySet() + ")");
            }
            String descriptor = Files.readString(files.remove(descriptors.getFirst()), StandardCharsets.UTF_8);
            return new OvfPackage(descriptor, files);
        }

        private static void delete(Path dir) {
            if (dir == null) {
                return;
            }
            try (Stream<Path> all = Files.walk(dir)) {
                all.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                // a temporary directory: the system removes it in time
            }
        }

        private static final class NotAnOva extends Exception {
            NotAnOva(String message) {
                super(message);
            }
        }
    }
}
