package org.tilemark.harness.bundle;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * @param tileScale  {@code run.tileScale}: the fraction of the standard tile's load each tile offered (a bundle
 *                   written before the key existed ran the standard tile: read as 1)
 * @param config     the configuration snapshot, as the config module writes it
 * @param mixTargets per workload with a mix rule: percent per operation, in the rule's order
 * @param notPublishableBecause every departure from the run rules (docs/run-rules.md); empty exactly when publishable
 * @param confirms   the id of the search whose maximum this run confirms ({@code search --confirm}); absent otherwise
 */
public record RunFile(String runId, String startedAt, String endedAt, String platform, boolean platformPublishable,
                      boolean publishable, List<String> notPublishableBecause, String profile, int tiles, Double tileScale,
                      Map<String, Object> config, Map<String, Map<String, Double>> mixTargets, Inventory inventory, Versions versions,
                      @JsonInclude(JsonInclude.Include.NON_NULL) String confirms) {

    public RunFile {
        tileScale = tileScale == null ? TileScale.STANDARD : tileScale;
        notPublishableBecause = notPublishableBecause == null ? List.of() : List.copyOf(notPublishableBecause);
        config = config == null ? Map.of() : config;
        mixTargets = mixTargets == null ? Map.of() : mixTargets;
        inventory = inventory == null ? new Inventory(List.of(), List.of(), List.of(), List.of()) : inventory;
        versions = versions == null ? new Versions(null, null, null, null, null) : versions;
    }

    /** A run that confirms no search. */
    public RunFile(String runId, String startedAt, String endedAt, String platform, boolean platformPublishable,
                   boolean publishable, List<String> notPublishableBecause, String profile, int tiles, Double tileScale,
                   Map<String, Object> config, Map<String, Map<String, Double>> mixTargets, Inventory inventory, Versions versions) {
        this(runId, startedAt, endedAt, platform, platformPublishable, publishable, notPublishableBecause, profile, tiles,
                tileScale, config, mixTargets, inventory, versions, null);
    }

    /** What a report shows of a bundle whose run.json is absent or damaged: nothing known. */
    public static RunFile unknown() {
        return new RunFile(null, null, null, null, false, false, List.of(), null, 0, null, null, null, null, null);
    }

    /**
     * Hosts and datastores as the platform reports them, the deployed VMs, and the images they booted
     * as their guests reported them (none where VMs boot no image, as on the local platform); where the
     * platform chose among hosts, those it left out and why, and the clusters' DRS and HA (absent where
     * there are none, and in bundles written before them).
     */
    public record Inventory(List<Host> hosts, List<Datastore> datastores, List<Vm> vms, List<GuestImage> images,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<HostNotUsed> hostsNotUsed,
                            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Cluster> clusters) {

        public Inventory {
            hosts = hosts == null ? List.of() : List.copyOf(hosts);
            datastores = datastores == null ? List.of() : List.copyOf(datastores);
            vms = vms == null ? List.of() : List.copyOf(vms);
            images = images == null ? List.of() : List.copyOf(images);
            hostsNotUsed = hostsNotUsed == null ? List.of() : List.copyOf(hostsNotUsed);
            clusters = clusters == null ? List.of() : List.copyOf(clusters);
        }

        public Inventory(List<Host> hosts, List<Datastore> datastores, List<Vm> vms, List<GuestImage> images) {
            this(hosts, datastores, vms, images, List.of(), List.of());
        }
    }

    /** A host of the platform's site the run did not use: {@code reason} one word, {@code detail} the platform's own. */
    public record HostNotUsed(String name, String reason, String detail) {
    }

    /** A cluster whose hosts the run used: {@code drs} {@code off} or its automation level, {@code ha} whether HA is on. */
    public record Cluster(String name, String drs, boolean ha) {
    }

    /** A host's physical cores and hardware threads as its platform reports them; threads null in bundles written before it was. */
    public record Host(String name, int cores, Integer threads) {
    }

    /** A datastore and its location in the platform's own terms (a directory on local; format version 1: {@code path}). */
    public record Datastore(String name, @JsonAlias("path") String location) {
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
                profile, tiles, tileScale, config, mixTargets, inventory, versions, confirms);
    }

    /** The same record naming the search whose maximum this run confirms. */
    public RunFile confirming(String searchId) {
        return new RunFile(runId, startedAt, endedAt, platform, platformPublishable, publishable, notPublishableBecause,
                profile, tiles, tileScale, config, mixTargets, inventory, versions, searchId);
    }

    /** The configuration snapshot as the config module reads it back (empty when none was recorded). */
    public ObjectNode configTree() {
        return ResultsBundle.tree(config);
    }

    /** Whether run.json recorded a configuration snapshot. */
    public boolean hasConfig() {
        return !config.isEmpty();
    }

    /**
     * One setting of the configuration snapshot by its key path as users write it
     * ({@code workloads.standby.timeout}), as text; empty when the snapshot lacks it.
     */
    public Optional<String> setting(String keyPath) {
        Object at = config;
        for (String key : keyPath.split("\\.")) {
            if (!(at instanceof Map<?, ?> section)) {
                return Optional.empty();
            }
            at = section.get(key);
        }
        return at == null || at instanceof Map<?, ?> || at instanceof List<?> ? Optional.empty() : Optional.of(at.toString());
    }

    /** The target mix of {@code workload} in percent per operation, in its order; empty when none was recorded. */
    public Map<String, Double> mixTarget(String workload) {
        return mixTargets.getOrDefault(workload, Map.of());
    }
}
