package org.tilemark.harness.cli;

import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.storage.StorageInterferenceRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Component
@Command(name = "interference", mixinStandardHelpOptions = true,
        description = "Metadata interference: the I/O VMs run the 70/30 spec while a loop creates and deletes a small "
                + "disk on their datastore ever more often (storage.interference.*); I/O per interval and where it drops > 5 %%.")
class StorageInterferenceCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = "--quick", description = "the short schedule (storage.interference.quick) and small data disks")
    boolean quick;

    @Override
    public Integer call() {
        var loaded = config.loadOrReport();
        if (loaded.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        return new StorageInterferenceRun(System.out, System.err, System.getenv()).run(loaded.get(), quick);
    }
}
