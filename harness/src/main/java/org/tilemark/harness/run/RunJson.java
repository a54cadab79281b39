package org.tilemark.harness.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigWriter;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.report.Publishability;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Platform;
import org.tilemark.scoring.MixRule;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.Workloads;

/** The shape of run.json (see docs/results-bundle.md). */
final class RunJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** run.json's field of the workloads' target mixes (format 2; the report reads it). */
    static final String MIX_TARGETS = "mixTargets";

    private RunJson() {
    }

    static ObjectNode of(String runId, BenchmarkSpec spec, Instant startedAt, Instant endedAt, Platform platform,
                         List<TileProvisioner.DeployedVm> vms) {
        ObjectNode root = ResultsBundle.object();
        root.put("runId", runId);
        root.put("startedAt", startedAt.toString());
        if (endedAt == null) {
            root.putNull("endedAt");
        } else {
            root.put("endedAt", endedAt.toString());
        }
        root.put("platform", spec.cluster().platform());
        // The platform's own answer; publishable also needs a full profile and no relaxed rule.
        root.put("platformPublishable", platform != null && platform.publishable());
        root.put("profile", spec.run().profile());
        root.put("tiles", spec.run().tiles());
        root.set("config", MAPPER.valueToTree(ConfigWriter.toMap(spec)));
        root.set(MIX_TARGETS, mixTargets(spec));
        root.put("publishable", Publishability.reasons(root).isEmpty());
        ObjectNode inventory = root.putObject("inventory");
        ArrayNode hosts = inventory.putArray("hosts");
        ArrayNode datastores = inventory.putArray("datastores");
        if (platform != null) {
            Inventory inv = platform.inventory();
            inv.hosts().forEach(h -> hosts.addObject().put("name", h.name()).put("cores", h.cores()));
            inv.datastores().forEach(d -> datastores.addObject().put("name", d.name()).put("location", d.location()));
        }
        ArrayNode vmArray = inventory.putArray("vms");
        for (TileProvisioner.DeployedVm vm : List.copyOf(vms)) {
            ObjectNode entry = vmArray.addObject();
            ObjectNode endpoints = ResultsBundle.object();
            vm.endpoints().forEach((port, address) -> endpoints.put(port, address.getHostString() + ":" + address.getPort()));
            entry
                    .put("name", vm.vm().name())
                    .put("role", vm.vm().role())
                    .put("tile", vm.vm().tile())
                    .put("host", vm.vm().host())
                    .put("datastore", vm.vm().datastore())
                    .put("endpoint", vm.endpoint().getHostString() + ":" + vm.endpoint().getPort())
                    .set("endpoints", endpoints);
        }
        ObjectNode versions = root.putObject("versions");
        Properties known = versions();
        versions.put("tilemark", known.getProperty("tilemark", "unknown"));
        versions.put("java", Runtime.version().toString());
        versions.put("postgresql", known.getProperty("postgresql", "unknown"));
        versions.put("springBoot", known.getProperty("springBoot", "unknown"));
        versions.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        return root;
    }

    /**
     * Each enabled workload's target operation mix (percent per operation) as its QoS rule checks it,
     * so the report shows the targets this run was held to, whatever a later version's defaults are.
     */
    private static ObjectNode mixTargets(BenchmarkSpec spec) {
        ObjectNode targets = ResultsBundle.object();
        for (Workload workload : Workloads.enabled(spec)) {
            workload.qosRules(spec).stream().filter(MixRule.class::isInstance).map(MixRule.class::cast).findFirst()
                    .ifPresent(mix -> targets.set(workload.name(), MAPPER.valueToTree(mix.targetPercent())));
        }
        return targets;
    }

    private static Properties versions() {
        Properties p = new Properties();
        try (InputStream in = RunJson.class.getResourceAsStream("/tilemark-versions.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException ignored) {
            // versions stay "unknown"
        }
        return p;
    }
}
