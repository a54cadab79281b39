package org.tilemark.harness.cli;

import java.net.URI;
import java.nio.file.Files;
import org.tilemark.config.Addresses;
import org.tilemark.config.Messages;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.TileScale;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.workloads.olio.OlioAssets;
import org.tilemark.workloads.olio.OlioPlanSettings;
import org.tilemark.workloads.olio.OlioTestPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.tilemark.workloads.olio.OlioSpec;

@Component
@Command(name = "olio", mixinStandardHelpOptions = true,
        description = "Tools for the Olio workload.",
        subcommands = OlioCommand.ExportJmx.class)
class OlioCommand {

    @Component
    @Command(name = "export-jmx", mixinStandardHelpOptions = true,
            description = {"Write the Olio driver's Apache JMeter plan as a .jmx that stock JMeter runs "
                    + "(jmeter -n -t plan.jmx -l results.jtl -Jolio.host=HOST -Jolio.port=PORT).",
                    "Properties: olio.host, olio.port, olio.users, olio.durationSeconds, olio.cycleMs, "
                            + "olio.maxCycleFactor, olio.loadedUsers, olio.tags, olio.emptyCachePercent, olio.attendPercent, olio.uploadDir; "
                            + "their defaults come from the configuration."})
    static class ExportJmx implements Callable<Integer> {

        @Mixin
        ConfigOptions config;

        @Option(names = "--target", paramLabel = "URL", defaultValue = "http://127.0.0.1:8080",
                description = "default web tier to drive, http://host:port (default: ${DEFAULT-VALUE})")
        String target;

        @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "olio-plan.jmx",
                description = "the .jmx to write; the upload files go to a folder beside it (default: ${DEFAULT-VALUE})")
        Path output;

        @Override
        public Integer call() throws Exception {
            URI uri;
            try {
                uri = URI.create(target);
            } catch (IllegalArgumentException e) {
                uri = null;
            }
            if (uri == null || !"http".equals(uri.getScheme()) || uri.getHost() == null
                    || (uri.getPort() != -1 && !Addresses.isPort(uri.getPort()))) {
                System.err.println("error: --target must be http://host:port with a port of 1..65535, got '"
                        + Messages.echo(target) + "'");
                return RunOutcome.BAD_INPUT;
            }
            Path parent = output.toAbsolutePath().getParent();
            if (Files.isDirectory(output) || parent == null || !Files.isDirectory(parent) || !Files.isWritable(parent)) {
                System.err.println("error: --output: " + Messages.clip(output.toString()) + (Files.isDirectory(output)
                        ? " is a directory, not a file" : ": its directory does not exist or is not writable"));
                return RunOutcome.BAD_INPUT;
            }
            var loaded = config.loadOrReport();
            if (loaded.isEmpty()) {
                return RunOutcome.BAD_INPUT;
            }
            BenchmarkSpec spec = loaded.get();
            Path jmx = output.toAbsolutePath();
            String name = jmx.getFileName().toString().replaceFirst("\\.jmx$", "");
            Path assets = OlioAssets.writeTo(jmx.resolveSibling(name + "-files"));
            // the default duration is the whole measured run: warm-up plus every phase
            Duration duration = spec.run().warmup().plus(spec.run().phaseDuration().multipliedBy(spec.run().phases()));
            int port = uri.getPort() > 0 ? uri.getPort() : 80;
            OlioTestPlan.saveAsJmx(OlioPlanSettings.exported(TileScale.apply(spec).workloads().section(OlioSpec.class), uri.getHost(), port,
                    duration, assets), jmx);
            System.out.println(jmx);
            return 0;
        }
    }
}
