package org.tilemark.harness.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.harness.image.BuildHost;
import org.tilemark.harness.image.ImageBuildException;
import org.tilemark.harness.image.ImageBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Component
@Command(name = "image", mixinStandardHelpOptions = true, description = "Guest images for real platforms.",
        subcommands = ImageCommand.Build.class)
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
}
