package org.tilemark.harness.run;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigWriter;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.harness.report.Publishability;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Platform;
import org.tilemark.scoring.MixRule;
import org.tilemark.templates.guest.GuestServer;
import org.tilemark.templates.image.GuestImage;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.Workloads;

/** What run.json records of a run (see docs/results-bundle.md). */
final class RunJson {

    private RunJson() {
    }

    /**
     * What only an open platform can say: whether it publishes, its inventory, the image each VM booted.
     * Taken while the platform is open and kept, for run.json's last write after it closed.
     */
    record PlatformFacts(boolean publishable, Inventory inventory, Map<String, GuestImage> images, Map<String, GuestServer> servers) {

        static final PlatformFacts NONE = new PlatformFacts(false, new Inventory(List.of(), List.of()), Map.of(), Map.of());

        PlatformFacts {
            images = Map.copyOf(images);
            servers = Map.copyOf(servers);
        }

        static PlatformFacts of(Platform platform, List<TileProvisioner.DeployedVm> vms) {
            if (platform == null) {
                return NONE;
            }
            Map<String, GuestImage> images = new LinkedHashMap<>();
            vms.forEach(vm -> platform.guestImage(vm.vm()).ifPresent(image -> images.put(vm.vm().name(), image)));
            Map<String, GuestServer> servers = new LinkedHashMap<>();
            vms.forEach(vm -> platform.guestServer(vm.vm()).ifPresent(server -> servers.put(vm.vm().name(), server)));
            return new PlatformFacts(platform.publishable(), platform.inventory(), images, servers);
        }
    }

    static RunFile of(String runId, BenchmarkSpec spec, Instant startedAt, Instant endedAt, PlatformFacts platform,
                      List<TileProvisioner.DeployedVm> vms) {
        Inventory inventory = platform.inventory();
        Map<String, GuestImage> images = new LinkedHashMap<>();
        // In the VMs' order: the order VMs first booted an image.
        vms.forEach(vm -> Optional.ofNullable(platform.images().get(vm.vm().name())).ifPresent(image -> images.put(vm.vm().name(), image)));
        RunFile run = new RunFile(runId, startedAt.toString(), endedAt == null ? null : endedAt.toString(),
                spec.cluster().platform(), platform.publishable(), false, List.of(), spec.run().profile(),
                spec.run().tiles(), spec.run().tileScale(), ConfigWriter.toMap(spec), mixTargets(spec),
                new RunFile.Inventory(
                        inventory.hosts().stream().map(h -> new RunFile.Host(h.name(), h.cores(), h.threads())).toList(),
                        inventory.datastores().stream().map(d -> new RunFile.Datastore(d.name(), d.location())).toList(),
                        List.copyOf(vms).stream().map(vm -> vm(vm, images.get(vm.vm().name()), platform.servers().get(vm.vm().name()))).toList(),
                        distinct(images.values()),
                        inventory.hostsNotUsed().stream().map(h -> new RunFile.HostNotUsed(h.name(), h.reason().word(), h.detail())).toList(),
                        inventory.clusters().stream().map(c -> new RunFile.Cluster(c.name(), c.drs(), c.ha())).toList()),
                versions());
        // Publishable needs the platform's yes, the standard profile and every rule at its standard value.
        return run.withPublishability(Publishability.reasons(run));
    }

    /** Each image once, in the order VMs first booted it. */
    private static List<GuestImage> distinct(Collection<GuestImage> images) {
        Map<String, GuestImage> bySha = new LinkedHashMap<>();
        images.forEach(image -> bySha.putIfAbsent(image.manifestSha256(), image));
        return List.copyOf(bySha.values());
    }

    private static RunFile.Vm vm(TileProvisioner.DeployedVm vm, GuestImage image, GuestServer server) {
        Map<String, String> endpoints = new LinkedHashMap<>();
        vm.endpoints().forEach((port, address) -> endpoints.put(port, address.getHostString() + ":" + address.getPort()));
        return new RunFile.Vm(vm.vm().name(), vm.vm().role(), vm.vm().tile(), vm.vm().host(), vm.vm().datastore(),
                // A VM that never came up (its guest reported a failure) has no address.
                vm.endpoints().isEmpty() ? null : vm.endpoint().getHostString() + ":" + vm.endpoint().getPort(), endpoints,
                image == null ? null : image.manifestSha256(), server);
    }

    /**
     * Each enabled workload's target operation mix (percent per operation) as its QoS rule checks it,
     * so the report shows the targets this run was held to, whatever a later version's defaults are.
     */
    private static Map<String, Map<String, Double>> mixTargets(BenchmarkSpec spec) {
        Map<String, Map<String, Double>> targets = new LinkedHashMap<>();
        for (Workload workload : Workloads.enabled(spec)) {
            workload.qosRules(spec).stream().filter(MixRule.class::isInstance).map(MixRule.class::cast).findFirst()
                    .ifPresent(mix -> targets.put(workload.name(), mix.targetPercent()));
        }
        return targets;
    }

    private static RunFile.Versions versions() {
        Properties known = new Properties();
        try (InputStream in = RunJson.class.getResourceAsStream("/tilemark-versions.properties")) {
            if (in != null) {
                known.load(in);
            }
        } catch (IOException ignored) {
            // versions stay "unknown"
        }
        return new RunFile.Versions(known.getProperty("tilemark", "unknown"), Runtime.version().toString(),
                known.getProperty("postgresql", "unknown"), known.getProperty("springBoot", "unknown"),
                System.getProperty("os.name") + " " + System.getProperty("os.version"));
    }
}
