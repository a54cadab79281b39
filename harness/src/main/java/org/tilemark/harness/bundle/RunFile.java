package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.tilemark.config.TileScale;
import org.tilemark.templates.guest.GuestServer;
import org.tilemark.templates.image.GuestImage;

/**
 * run.json (without its {@link BundleFormat}, which {@link ResultsBundle#writeRun} stamps on): the run's
 * identity and times, the platform and its own answer whether its results may be published, the
 * effective configuration, each workload's target operation mix, what the platform reported of its
 * inventory and where every VM ran, and the software versions.
 *
 * @param endedAt    null while the run goes
 * @param tileScale  {@code run.tileScale}: the fraction of the standard tile's load each tile offered
 * @param config     the configuration snapshot, as the config module writes it
 * @param mixTargets per workload with a mix rule: percent per operation, in the rule's order
 * @param notPublishableBecause every departure from the run rules (docs/run-rules.md); empty exactly when publishable
 */
public record RunFile(String runId, String startedAt, String endedAt, String platform, boolean platformPublishable,
                      boolean publishable, List<String> notPublishableBecause, String profile, int tiles, double tileScale,
                      Map<String, Object> config, Map<String, Map<String, Double>> mixTargets, Inventory inventory, Versions versions) {

    /**
     * Hosts and datastores as the platform reports them, the deployed VMs, and the images they booted
     * as their guests reported them (none where VMs boot no image, as on the local platform).
     */
    public record Inventory(List<Host> hosts, List<Datastore> datastores, List<Vm> vms, List<GuestImage> images) {

        public Inventory {
            images = images == null ? List.of() : List.copyOf(images);
        }
    }

    /** A host's physical cores and hardware threads as its platform reports them; threads null in bundles written before it was. */
    public record Host(String name, int cores, Integer threads) {
    }

    /** A datastore and its location in the platform's own terms (a directory on local). */
    public record Datastore(String name, String location) {
    }

    /**
     * A deployed VM: its role and tile, where it ran, its endpoints as host:port by name, and the image
     * it booted as the SHA-256 of that image's manifest (an entry of {@link Inventory#images}), or null; the server
     * software its guest reported serving with, where its role has a choice (the mail VM), else absent.
     */
    public record Vm(String name, String role, int tile, String host, String datastore, String endpoint,
                     Map<String, String> endpoints, String imageManifestSha256,
                     @JsonInclude(JsonInclude.Include.NON_NULL) GuestServer server) {
    }

    public record Versions(String tilemark, String java, String postgresql, String springBoot, String os) {
    }

    /** The same record with {@code publishable} decided by these reasons (they depend on the rest of the record). */
    public RunFile withPublishability(List<String> reasons) {
        return new RunFile(runId, startedAt, endedAt, platform, platformPublishable, reasons.isEmpty(), List.copyOf(reasons),
                profile, tiles, tileScale, config, mixTargets, inventory, versions);
    }

    /** A run.json's tile scale; a bundle written before the key existed ran the standard tile, scale 1. */
    public static double tileScale(JsonNode run) {
        JsonNode scale = run.path("tileScale");
        return scale.isNumber() ? scale.doubleValue() : TileScale.STANDARD;
    }
}
