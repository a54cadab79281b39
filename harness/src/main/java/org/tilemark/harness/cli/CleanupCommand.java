package org.tilemark.harness.cli;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.RunLock;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformSettingException;
import org.tilemark.infra.platform.Platforms;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Component
@Command(name = "cleanup", mixinStandardHelpOptions = true,
        description = "Remove VMs (guest processes, endpoints, disks) left behind by crashed runs.")
class CleanupCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = "--run", paramLabel = "RUN-ID", description = "only this run (default: every run)")
    String runId;

    @Option(names = "--force", description = "also remove the VMs of a run whose harness is still running")
    boolean force;

    @Override
    public Integer call() {
        var loaded = config.loadOrReport();
        if (loaded.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        BenchmarkSpec spec = loaded.get();
        try (Platform platform = Platforms.create(spec.cluster())) {
            Map<String, String> live = new TreeMap<>(platform.liveRuns());
            // Any platform: a run whose harness still holds its lock and whose VMs this platform holds.
            for (var held : RunLock.held(spec.run().stateDir()).entrySet()) {
                if (!platform.leftovers(held.getKey()).isEmpty()) {
                    live.putIfAbsent(held.getKey(), held.getValue());
                }
            }
            if (runId != null) {
                live.keySet().retainAll(Set.of(runId));
            }
            if (!force && !live.isEmpty()) {
                System.err.println("error: " + (runId == null ? "" : "--run: ") + "run " + String.join(", ", live.keySet())
                        + " is still running (" + String.join(", ", live.values()) + "); stop it, or give --force");
                return RunOutcome.BAD_INPUT;
            }
            List<String> removed = platform.cleanup(runId);
            removed.forEach(vm -> System.out.println("removed " + vm));
            System.out.println(removed.isEmpty() ? "nothing to clean up" : "cleaned up " + removed.size() + " VM(s)");
            return 0;
        } catch (IOException e) {
            System.err.println("error: cannot read the runs' locks under run.stateDir: " + e.getMessage());
            return RunOutcome.RUNTIME_FAILURE;
        } catch (PlatformException e) {
            System.err.println("error: " + e.getMessage());
            return e instanceof PlatformSettingException ? RunOutcome.BAD_INPUT : RunOutcome.RUNTIME_FAILURE;
        }
    }
}
