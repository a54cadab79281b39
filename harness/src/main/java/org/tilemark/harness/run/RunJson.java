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

/** The shape of run.json (see docs/results-bundle.md). */
final class RunJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

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
        boolean quick = "quick".equals(spec.run().profile());
        root.put("publishable", platform != null && platform.publishable() && !quick);
        root.put("profile", spec.run().profile());
        root.put("tiles", spec.run().tiles());
        root.set("config", MAPPER.valueToTree(ConfigWriter.toMap(spec)));
        // Also not publishable with a rule looser than the defaults (the report lists every reason).
        root.put("publishable", root.get("publishable").asBoolean() && Publishability.reasons(root).isEmpty());
        ObjectNode inventory = root.putObject("inventory");
        ArrayNode hosts = inventory.putArray("hosts");
        ArrayNode datastores = inventory.putArray("datastores");
        if (platform != null) {
            Inventory inv = platform.inventory();
            inv.hosts().forEach(h -> hosts.addObject().put("name", h.name()).put("cpus", h.cpus()));
            inv.datastores().forEach(d -> datastores.addObject().put("name", d.name()).put("path", d.location()));
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
                    .put("datastore", vm.vm().datastore());
            if (!vm.endpoints().isEmpty()) { // a VM that never came up has no address
                entry.put("endpoint", vm.endpoint().getHostString() + ":" + vm.endpoint().getPort());
            }
            entry.set("endpoints", endpoints);
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
