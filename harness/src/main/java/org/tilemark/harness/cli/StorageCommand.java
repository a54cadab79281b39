package org.tilemark.harness.cli;

import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.storage.StorageRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Component
@Command(name = "storage", mixinStandardHelpOptions = true, subcommands = {StorageScalingCommand.class, StorageInterferenceCommand.class},
        description = "Storage characterization: I/O VMs run the Iometer-style matrix (read/write x random/sequential x "
                + "transfer sizes, plus the 70/30 database-like spec) in lockstep on one datastore; tables, charts and a bundle.")
class StorageCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = "--quick", description = "short ramp-up and runtime, small data disks (storage.quick.*)")
    boolean quick;

    @Override
    public Integer call() {
        var loaded = config.loadOrReport();
        if (loaded.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        BenchmarkSpec spec = loaded.get();
        return new StorageRun(System.out, System.err, System.getenv()).run(spec, quick);
    }
}
