package org.tilemark.harness.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.Messages;
import org.tilemark.config.WorkloadConfig;
import org.tilemark.config.WorkloadConfigs;
import org.tilemark.harness.run.RunOrchestrator;

/**
 * What every command that uses a configuration checks before it starts, and {@code validate} checks
 * the same way: the paths and bounds of this machine, the checks a run makes before it creates anything
 * ({@link RunOrchestrator#preflight}), and that every external server configured answers. Creates nothing.
 */
final class Preflight {

    private static final int CONNECT_TIMEOUT_MS = 2000;

    private Preflight() {
    }

    static BenchmarkSpec check(BenchmarkSpec spec) throws ConfigException {
        List<String> errors = new ArrayList<>(ConfigLoader.machineErrors(spec));
        errors.addAll(RunOrchestrator.preflight(spec));
        if (errors.isEmpty()) {
            reachable(spec, errors);
        }
        if (!errors.isEmpty()) {
            throw new ConfigException(errors);
        }
        return spec;
    }

    /**
     * External servers each workload's section points at ({@link WorkloadConfig#externalServers}): a run would fail
     * on them after the results bundle exists, so they are input. Only a workload's first server that does not
     * answer is reported: one server is usually all of them.
     */
    private static void reachable(BenchmarkSpec spec, List<String> errors) {
        for (WorkloadConfig<?> workload : WorkloadConfigs.installed().all()) {
            Optional<Record> section = spec.workloads().section(workload.name());
            if (section.isEmpty()) {
                continue;
            }
            for (WorkloadConfig.ExternalServer server : WorkloadConfigs.externalServers(workload, section.get())) {
                int before = errors.size();
                connect("workloads." + workload.name() + "." + server.key(),
                        InetSocketAddress.createUnresolved(server.host(), server.port()), errors);
                if (errors.size() > before) {
                    break;
                }
            }
        }
    }

    private static void connect(String key, InetSocketAddress server, List<String> errors) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(server.getHostString(), server.getPort()), CONNECT_TIMEOUT_MS);
        } catch (IOException e) {
            errors.add(key + ": " + Messages.clip(server.getHostString()) + ":" + server.getPort() + " does not answer ("
                    + e.getClass().getSimpleName() + ")");
        }
    }
}
