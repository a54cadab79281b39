package org.tilemark.harness.run;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToIntFunction;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.InfraSpec;
import org.tilemark.infra.ops.Deploy;
import org.tilemark.infra.ops.InfraBlocks;
import org.tilemark.infra.ops.InfraOperation;
import org.tilemark.infra.ops.InfraOperationType;
import org.tilemark.infra.ops.InfraScheduler;
import org.tilemark.infra.ops.OperationRecord;
import org.tilemark.infra.ops.StorageVMotion;
import org.tilemark.infra.ops.VMotion;
import org.tilemark.infra.ops.VmPool;
import org.tilemark.infra.ops.XvMotion;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformOperation;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.report.ByteUnits;
import org.tilemark.scoring.InfraOutcome;
import org.tilemark.scoring.InfraPhase;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.workloads.WorkloadConfigException;

/**
 * The infrastructure side of a run: plans the infra blocks' loops over the deployed VMs, runs them
 * through the measurement phases, publishes every operation (the bundle's {@code infra-ops.jsonl}), and scores each
 * phase: ops/hour per operation type over its reference, and QoS (every operation succeeded and
 * every type completed at least once).
 */
final class InfraRun {


    private final InfraSpec spec;
    private final PrintStream out;
    private final InfraScheduler scheduler;
    private final Map<String, Double> references = new LinkedHashMap<>();
    private final List<OperationRecord> records = new ArrayList<>();
    private volatile ToIntFunction<Instant> phaseOf = at -> 0;
    /** Between start and stop: when moves the platform makes on its own are recorded. */
    private volatile boolean measuring;
    /** Where each operation goes as it ends: the bundle's infra-ops.jsonl and the live view. */
    private final SamplePublisher publisher;

    private InfraRun(InfraSpec spec, SamplePublisher publisher, PrintStream out, List<InfraScheduler.Loop> loops,
                     Map<String, Double> references) {
        this.publisher = publisher;
        this.spec = spec;
        this.out = out;
        this.references.putAll(references);
        this.scheduler = new InfraScheduler(loops, spec.pause(), this::record);
    }

    /** Checks the operations' role lists before anything is deployed. */
    static void validate(BenchmarkSpec spec) throws WorkloadConfigException {
        InfraSpec infra = spec.infra();
        roles("infra.vmotion.roles", infra.vmotion());
        roles("infra.storageVmotion.roles", infra.storageVmotion());
        roles("infra.xvmotion.roles", infra.xvmotion());
    }

    /**
     * Plans the loops for the deployed VMs, or empty when infrastructure operations are off or none
     * can run here; {@code notes} receives why an enabled operation was left out.
     */
    static Optional<InfraRun> plan(BenchmarkSpec spec, Platform platform, List<TileProvisioner.DeployedVm> deployed,
                                   DeployVm deploy, SamplePublisher publisher, PrintStream out) {
        InfraSpec infra = spec.infra();
        if (!infra.enabled()) {
            return Optional.empty();
        }
        List<String> hosts = platform.inventory().hosts().stream().map(Inventory.Host::name).toList();
        Set<Capability> can = platform.capabilities();
        VmPool pool = new VmPool(deployed.stream().map(TileProvisioner.DeployedVm::vm).toList());
        int blocks = InfraBlocks.count(infra.blocks(), hosts.size());
        List<InfraScheduler.Loop> loops = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        Map<String, Double> references = ScoringInputs.infraReferences(infra);
        for (int block = 1; block <= blocks; block++) {
            if (usable(infra.vmotion(), VMotion.NAME, can.contains(Capability.LIVE_MIGRATION) && hosts.size() > 1, block, skipped)) {
                VmPool.Cursor cursor = pool.cursor(roleList(infra.vmotion().roles()));
                addIfAny(loops, skipped, block, cursor, new VMotion(platform, cursor, hosts));
            }
            if (usable(infra.storageVmotion(), StorageVMotion.NAME, can.contains(Capability.STORAGE_MIGRATION), block, skipped)) {
                VmPool.Cursor cursor = pool.cursor(roleList(infra.storageVmotion().roles()));
                addIfAny(loops, skipped, block, cursor, new StorageVMotion(platform, cursor));
            }
            if (usable(infra.xvmotion(), XvMotion.NAME, can.contains(Capability.CROSS_MIGRATION) && hosts.size() > 1, block, skipped)) {
                VmPool.Cursor cursor = pool.cursor(roleList(infra.xvmotion().roles()));
                addIfAny(loops, skipped, block, cursor, new XvMotion(platform, cursor, hosts));
            }
            if (infra.deploy().enabled()) {
                loops.add(new InfraScheduler.Loop(block, new Deploy(platform, deploy, hosts, spec.run().provisionTimeout())));
            }
        }
        skipped.forEach(s -> out.println("[infra] not run: " + s));
        if (loops.isEmpty()) {
            return Optional.empty();
        }
        out.println("[infra] " + blocks + " block(s) on " + hosts.size() + " host(s): "
                + String.join(", ", loops.stream().filter(l -> l.block() == 1).map(l -> l.operation().name()).toList()));
        Set<String> planned = new java.util.HashSet<>(loops.stream().map(l -> l.operation().name()).toList());
        references.keySet().retainAll(planned);
        return Optional.of(new InfraRun(infra, publisher, out, loops, references));
    }

    /** Starts the loops; records end in the phase {@code phaseOf} names (0 outside the measured phases). */
    void start(ToIntFunction<Instant> phaseOfInstant) {
        this.phaseOf = phaseOfInstant;
        measuring = true;
        scheduler.start();
    }

    /** Starts no new operation; waits for those in flight (at most the operation timeout). */
    void stop() throws InterruptedException {
        measuring = false;
        if (!scheduler.stop(spec.operationTimeout())) {
            out.println("[infra] operations still running after " + spec.operationTimeout().toSeconds() + " s");
        }
    }

    List<String> operationTypes() {
        return List.copyOf(references.keySet());
    }

    /** Scores the operations that ended in phase {@code phase}, which lasted {@code length}. */
    InfraPhase score(int phase, Duration length) {
        List<InfraOutcome> inPhase;
        synchronized (records) {
            inPhase = records.stream().filter(r -> phaseOf.applyAsInt(r.end()) == phase)
                    .map(r -> new InfraOutcome(r.operation(), r.succeeded(), r.succeeded() ? ""
                            : InfraOutcome.failureReason(r.operation(), r.vm(), String.valueOf(r.from()),
                                    String.valueOf(r.to()), r.error().orElse(""))))
                    .toList();
        }
        return InfraPhase.of(inPhase, references, length);
    }

    private void record(OperationRecord r) {
        InfraOpLine line = line(r, phaseOf.applyAsInt(r.end()));
        // One lock for the record, the bundle's line and the live view: they see operations in one order.
        synchronized (records) {
            records.add(r);
            publisher.infraOperation(line);
        }
        out.println("[infra] " + describe(r));
    }

    /**
     * Records a move the platform made on its own while the loops run (vCenter's DRS): a line of infra-ops.jsonl
     * and the live view, marked platform-initiated; never one of {@link #score}'s operations.
     */
    void platformOperation(PlatformOperation op) {
        if (!measuring) {
            return;
        }
        String type = InfraOperationType.ofMove(op.from(), op.to()).id();
        InfraOpLine line = InfraOpLine.platformInitiated(type, op.vm().name(), op.vm().role(), op.vm().tile(), op.from(),
                op.to(), op.at().toString(), phaseOf.applyAsInt(op.at()), op.cause());
        synchronized (records) {
            publisher.infraOperation(line);
        }
        out.println("[infra] " + op.cause() + " " + type + " " + op.vm().name() + " " + op.from() + " -> " + op.to()
                + " (platform-initiated: recorded, not scored)");
    }

    private static String describe(OperationRecord r) {
        StringBuilder s = new StringBuilder(r.operation()).append(' ').append(r.vm());
        if (r.from() != null) {
            s.append(' ').append(r.from()).append(" -> ").append(r.to());
        }
        s.append(String.format(Locale.ROOT, " %.1f s", r.duration().toMillis() / 1000.0));
        if (r.bytesMoved() > 0) {
            s.append(", ").append(ByteUnits.format(r.bytesMoved()));
        }
        r.stun().ifPresent(d -> s.append(", stun ").append(d.toMillis()).append(" ms"));
        r.downtime().ifPresent(d -> s.append(", downtime ").append(d.toMillis()).append(" ms"));
        r.error().ifPresent(e -> s.append(" FAILED: ").append(e));
        return s.toString();
    }

    private static boolean usable(InfraSpec.MigrationSpec op, String name, boolean supported, int block, List<String> skipped) {
        if (!op.enabled()) {
            return false;
        }
        if (!supported && block == 1) {
            skipped.add(name + " (the platform cannot, or the cluster has one host)");
        }
        return supported;
    }

    private static void addIfAny(List<InfraScheduler.Loop> loops, List<String> skipped, int block, VmPool.Cursor cursor,
                                 InfraOperation operation) {
        if (cursor.isEmpty()) {
            if (block == 1) {
                skipped.add(operation.name() + " (no VM of its roles is deployed)");
            }
            return;
        }
        loops.add(new InfraScheduler.Loop(block, operation));
    }

    private static List<String> roleList(String roles) {
        return Arrays.stream(roles.split(",")).map(String::strip).filter(r -> !r.isEmpty()).toList();
    }

    private static void roles(String key, InfraSpec.MigrationSpec op) throws WorkloadConfigException {
        if (op.enabled() && roleList(op.roles()).isEmpty()) {
            throw new WorkloadConfigException(key, "names no role (expected some of: "
                    + String.join(", ", RoleCatalog.movableRoles()) + ")");
        }
        for (String role : roleList(op.roles())) {
            if (!RoleCatalog.movableRoles().contains(role)) {
                throw new WorkloadConfigException(key, "unknown role '" + role + "' (expected some of: "
                        + String.join(", ", RoleCatalog.movableRoles()) + ")");
            }
        }
    }

    /** The infra-ops.jsonl line of one operation. */
    static InfraOpLine line(OperationRecord r, int phase) {
        return new InfraOpLine(r.operation(), r.block(), r.vm(), r.role(), r.tile(), r.from(), r.to(),
                r.start().toString(), r.end().toString(), r.duration().toMillis(), r.bytesMoved(), r.moved().orElse(null),
                r.stun().map(Duration::toMillis).orElse(null), r.downtime().map(Duration::toMillis).orElse(null),
                r.guestMemoryInUse().isPresent() ? r.guestMemoryInUse().getAsLong() : null,
                r.succeeded() ? InfraOpLine.SUCCEEDED : InfraOpLine.FAILED, r.error().orElse(null), phase);
    }
}
