package org.tilemark.harness.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.storage.StorageScalingRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Component
@Command(name = "scaling", mixinStandardHelpOptions = true,
        description = "The same specs on several VM layouts in one command: every host count x every VM count, then each "
                + "disk count; one table per dimension.")
class StorageScalingCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = "--quick", description = "short ramp-up and runtime, small data disks (storage.quick.*)")
    boolean quick;

    @Option(names = "--hosts", split = ",", paramLabel = "N[,N...]", description = "host counts, e.g. 1,2 (default: 1)")
    List<Integer> hosts = new ArrayList<>(List.of(1));

    @Option(names = "--vms", split = ",", paramLabel = "N[,N...]", description = "VM counts, e.g. 2,4 (default: 2)")
    List<Integer> vms = new ArrayList<>(List.of(2));

    @Option(names = "--disks", split = ",", paramLabel = "N[,N...]", description = "data disks per VM, e.g. 1,4 (default: storage.disksPerVm)")
    List<Integer> disks = new ArrayList<>();

    @Option(names = "--specs", split = ",", paramLabel = "SPEC[,SPEC...]",
            description = "specs per layout: database-like or e.g. 4k-randread, 64k-seqwrite (default: database-like,4k-randread,64k-seqread)")
    List<String> specs = new ArrayList<>(List.of("database-like", "4k-randread", "64k-seqread"));

    @Override
    public Integer call() {
        var loaded = config.loadOrReport();
        if (loaded.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        List<Integer> diskCounts = disks.isEmpty() ? List.of(loaded.get().storage().disksPerVm()) : disks;
        return new StorageScalingRun(System.out, System.err, System.getenv()).run(loaded.get(), quick, hosts, vms, diskCounts, specs);
    }
}
