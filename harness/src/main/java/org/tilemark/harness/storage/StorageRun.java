package org.tilemark.harness.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigWriter;
import org.tilemark.config.DataSizes;
import org.tilemark.config.StorageSpec;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.run.HarnessSecrets;
import org.tilemark.harness.run.RunIds;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.infra.platform.Inventory;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformSettings;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateCatalog;
import org.tilemark.templates.TemplateId;
import org.tilemark.workloads.storage.IoGuestRole;
import org.tilemark.workloads.storage.IoResult;
import org.tilemark.workloads.storage.IoRunRequest;

/**
 * {@code tilemark storage}: deploys the I/O VMs on the chosen hosts and datastore, runs every data
 * point of the matrix with all VMs in lockstep (ramp-up, then measured runtime), samples the hosts'
 * CPU over each measured window, and writes the results bundle: {@code storage.jsonl} (a line per data
 * point, flushed as measured), {@code storage.csv}, {@code tables.txt}, charts, {@code report.html},
 * manifest. A failing data point (e.g. the datastore filled up) ends the run; what was measured stays.
 */
public final class StorageRun {

    private static final Duration LOCKSTEP_LEAD = Duration.ofSeconds(2);

    private final PrintStream out;
    private final Map<String, String> environment;

    public StorageRun(PrintStream out, Map<String, String> environment) {
        this.out = out;
        this.environment = environment;
    }

    /** What was measured and how the run ended. */
    record Outcome(List<DataPointResult> results, Optional<String> failure, Path bundle) {
    }

    public int run(BenchmarkSpec spec, boolean quick) {
        StorageSettings settings = StorageSettings.of(spec, quick);
        Optional<String> bad = settings.datastoreProblem();
        if (bad.isPresent()) {
            out.println("error: " + bad.get());
            return RunOutcome.BAD_INPUT;
        }
        String runId = "storage-" + RunIds.next();
        Path directory = spec.run().results().toAbsolutePath().normalize().resolve(runId);
        List<DataPoint> points = StorageMatrix.points(spec.storage());
        Outcome outcome;
        try (ResultsBundle bundle = ResultsBundle.createPlain(directory)) {
            out.println("Storage run " + runId + ": " + settings.describe() + ", " + points.size() + " data points, results in "
                    + directory);
            outcome = measure(spec, settings, runId, points, bundle.directory(),
                    result -> bundle.appendJsonLine("storage.jsonl", StorageJson.line(result)));
            bundle.writeJson("run.json", runJson(spec, settings, runId, outcome));
        } catch (IOException e) {
            out.println("error: writing the results bundle failed: " + e.getMessage());
            return RunOutcome.RUNTIME_FAILURE;
        }
        try {
            StorageReport.write(directory, outcome.results(), settings, outcome.failure());
            Manifest.write(directory);
        } catch (IOException e) {
            out.println("warning: the report could not be written: " + e.getMessage());
        }
        out.print(StorageTables.console(outcome.results()));
        out.println("Report: " + directory.resolve("report.html"));
        outcome.failure().ifPresent(f -> out.println("Storage run failed: " + f + " (" + outcome.results().size()
                + " completed data points kept)"));
        return outcome.failure().isPresent() ? RunOutcome.RUNTIME_FAILURE : RunOutcome.COMPLIANT;
    }

    /** Deploys the I/O VMs, runs {@code points} in order (each result goes to {@code sink} at once), tears down. */
    Outcome measure(BenchmarkSpec spec, StorageSettings settings, String runId, List<DataPoint> points, Path bundle,
                    java.util.function.Consumer<DataPointResult> sink) {
        List<DataPointResult> results = new ArrayList<>();
        String token = new HarnessSecrets(spec.cluster().workDir(), environment).secret("io-control-token", IoGuestRole.TOKEN_ENV, null);
        Map<Vm, InetSocketAddress> vms = new LinkedHashMap<>();
        Platform platform = null;
        try {
            platform = Platforms.create(spec.cluster().platform(), PlatformSettings.from(spec.cluster()));
            deploy(platform, spec, settings, runId, token, vms);
            IoVmControl control = new IoVmControl(token);
            Set<String> hosts = Set.copyOf(settings.hosts(platform));
            for (int i = 0; i < points.size(); i++) {
                DataPoint point = points.get(i);
                DataPointResult result = runPoint(platform, control, vms, hosts, point, settings, spec.run().seed() + i);
                results.add(result);
                sink.accept(result);
                out.println("[storage " + (i + 1) + "/" + points.size() + "] " + StorageTables.progress(result));
            }
            return new Outcome(results, Optional.empty(), bundle);
        } catch (PlatformException | IOException e) {
            return new Outcome(results, Optional.of(e.getMessage()), bundle);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(results, Optional.of("interrupted"), bundle);
        } finally {
            if (platform != null) {
                teardown(platform, vms.keySet());
                platform.close();
            }
        }
    }

    private void deploy(Platform platform, BenchmarkSpec spec, StorageSettings settings, String runId, String token,
                        Map<Vm, InetSocketAddress> vms) throws PlatformException {
        RoleTemplate role = TemplateCatalog.forRole(IoGuestRole.NAME);
        Map<String, String> secrets = Map.of(IoGuestRole.TOKEN_ENV, token);
        Template template = platform.ensureTemplate(new TemplateRequest(role, new TemplateId(role.role(), Map.of()), Map.of(),
                secrets, spec.run().provisionTimeout()));
        List<String> hosts = settings.hosts(platform);
        List<Vm> deployed = new ArrayList<>();
        for (int i = 1; i <= settings.vms(); i++) {
            Map<String, String> guestInfo = Map.of("io.disks", Integer.toString(settings.disksPerVm()),
                    "io.diskSize", Long.toString(settings.diskBytes()), "io.seed", Long.toString(spec.run().seed() + i));
            Vm vm = platform.deploy(new VmSpec("io-" + i, runId, 0, template, role, hosts.get((i - 1) % hosts.size()),
                    settings.datastore(), guestInfo, secrets));
            vms.put(vm, null);
            deployed.add(vm);
        }
        out.println("[provision] " + deployed.size() + " I/O VMs, " + settings.disksPerVm() + " x "
                + settings.diskSize() + " data disk(s) each, preallocating ...");
        long start = System.nanoTime();
        try (ExecutorService starting = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> started = new ArrayList<>();
            for (Vm vm : deployed) {
                started.add(starting.submit(() -> {
                    platform.powerOn(vm, spec.run().provisionTimeout());
                    return null;
                }));
            }
            for (Future<?> f : started) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof PlatformException p ? p : new PlatformException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PlatformException("interrupted while starting the I/O VMs", e);
        }
        deployed.forEach(vm -> vms.put(vm, platform.endpoint(vm)));
        out.println("[provision] ready in " + (System.nanoTime() - start) / 1_000_000_000 + " s");
    }

    private static DataPointResult runPoint(Platform platform, IoVmControl control, Map<Vm, InetSocketAddress> vms,
                                            Set<String> hosts, DataPoint point, StorageSettings settings, long seed)
            throws IOException, InterruptedException {
        Instant startAt = Instant.now().plus(LOCKSTEP_LEAD);
        IoRunRequest request = IoRunRequest.of(point.spec(), 1, settings.rampUp(), settings.runtime(), startAt, seed);
        Duration patience = LOCKSTEP_LEAD.plus(settings.rampUp()).plus(settings.runtime()).plus(Duration.ofMinutes(2));
        Instant measureStart = startAt.plus(settings.rampUp());
        Instant measureEnd = measureStart.plus(settings.runtime());
        try (ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<IoResult>> running = new ArrayList<>();
            for (var vm : vms.entrySet()) {
                running.add(workers.submit(() -> control.run(vm.getKey().name(), vm.getValue(), request, patience)));
            }
            Future<Double> cpu = workers.submit(() -> cpuPercent(platform, hosts, measureStart, measureEnd));
            List<IoResult> results = new ArrayList<>();
            for (Future<IoResult> f : running) {
                results.add(f.get());
            }
            return new DataPointResult(point, IoResult.merge(results), vms.size(), cpu.get());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new IOException(point.label() + ": " + cause.getMessage(), cause);
        }
    }

    /** The hosts' busy CPU over the measured window, as a percentage summed over their cores; NaN if unknown. */
    private static double cpuPercent(Platform platform, Set<String> hosts, Instant from, Instant to) throws InterruptedException {
        sleepUntil(from);
        Optional<Duration> before = platform.cpuBusy(hosts);
        sleepUntil(to);
        Optional<Duration> after = platform.cpuBusy(hosts);
        if (before.isEmpty() || after.isEmpty()) {
            return Double.NaN;
        }
        return 100.0 * after.get().minus(before.get()).toNanos() / Duration.between(from, to).toNanos();
    }

    private static void sleepUntil(Instant instant) throws InterruptedException {
        long ms = Duration.between(Instant.now(), instant).toMillis();
        if (ms > 0) {
            Thread.sleep(ms);
        }
    }

    private void teardown(Platform platform, Iterable<Vm> vms) {
        for (Vm vm : vms) {
            try {
                platform.destroy(vm);
            } catch (PlatformException e) {
                out.println("warning: teardown of " + vm.name() + " failed: " + e.getMessage() + " (run `tilemark cleanup`)");
            }
        }
    }

    private static ObjectNode runJson(BenchmarkSpec spec, StorageSettings settings, String runId, Outcome outcome) {
        ObjectNode root = ResultsBundle.object();
        root.put("runId", runId);
        root.put("mode", "storage");
        root.put("quick", settings.quick());
        root.put("dataPoints", outcome.results().size());
        outcome.failure().ifPresentOrElse(f -> root.put("failure", f), () -> root.putNull("failure"));
        root.set("config", ResultsBundle.valueToTree(ConfigWriter.toMap(spec)));
        root.put("endedAt", Instant.now().toString());
        return root;
    }

    static long bytes(String size) {
        return DataSizes.parseBytes(size);
    }

    static List<String> hostNames(Platform platform) {
        return platform.inventory().hosts().stream().map(Inventory.Host::name).toList();
    }

    static boolean writable(Path dir) {
        try {
            Path probe = Files.createTempFile(dir, ".tilemark-probe", ".tmp");
            Files.delete(probe);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
