package org.tilemark.infra.platform.vsphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;
import org.tilemark.templates.VmSize;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.ReadinessReport;

/**
 * readiness {@code guest} against vcsim, with this test in the guest's place: while powerOn waits, it
 * writes what the guest would (the readiness report into {@code guestinfo.tilemark.readiness}) and what
 * VMware Tools would report ({@code guest.ipAddress}, which vcsim sets from extraConfig {@code SET.guest.ipAddress}) in a session
 * of its own. vcsim serves its built-in localhost certificate; the trust store is that certificate.
 */
class VsphereGuestReadinessTest {

    private static final Path DIR = Path.of("target", "vsphere-readiness").toAbsolutePath();
    /** The standby role's template (its workload, which brings it to RoleCatalog, is not on infra-ops' class path). */
    private static final RoleTemplate STANDBY = new RoleTemplate("standby", "Standby", new VmSize(1, 512, 2),
            List.of(RoleTemplate.MAIN_PORT), true, true);
    private static Process vcsim;
    private static Map<String, String> settings;

    @BeforeAll
    static void startVcsim() throws Exception {
        Files.createDirectories(DIR);
        Process install = new ProcessBuilder("bash", Path.of("..", "tests", "setup", "install-vcsim.sh").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String binary = new String(install.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(install.waitFor()).isZero();
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Files.writeString(DIR.resolve("password"), "readiness-test");
        vcsim = new ProcessBuilder(binary, "-l", "127.0.0.1:" + port, "-username", "tilemark", "-password",
                DIR.resolve("password").toString(), "-ds", "2", "-standalone-host", "0").redirectErrorStream(true)
                .redirectOutput(DIR.resolve("vcsim.log").toFile()).start();
        Path trust = DIR.resolve("vcsim.pem");
        Files.writeString(trust, servedCertificate(port));
        settings = Map.of("cluster.platform", "vsphere", "cluster.vsphere.url", "https://127.0.0.1:" + port + "/sdk",
                "cluster.vsphere.trustStore", trust.toString(), "cluster.vsphere.datacenter", "DC0",
                "cluster.vsphere.template", "DC0_C0_RP0_VM0", "cluster.vsphere.datastores.app", "LocalDS_0",
                "cluster.vsphere.datastores.maintenance", "LocalDS_1", "cluster.vsphere.credentials.username", "tilemark",
                "cluster.vsphere.credentials.passwordFile", DIR.resolve("password").toString());
    }

    /** The certificate vcsim serves, read once without checking it, as PEM: what the platform then trusts. */
    private static String servedCertificate(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try (Socket plain = new Socket("127.0.0.1", port)) {
                SSLContext anyCertificate = SSLContext.getInstance("TLS");
                anyCertificate.init(null, new X509TrustManager[] {new Recorder()}, null);
                try (SSLSocket tls = (SSLSocket) anyCertificate.getSocketFactory().createSocket(plain, "127.0.0.1", port, false)) {
                    tls.startHandshake();
                    byte[] der = tls.getSession().getPeerCertificates()[0].getEncoded();
                    return "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder().encodeToString(der) + "\n-----END CERTIFICATE-----\n";
                }
            } catch (java.io.IOException notYet) {
                assertThat(vcsim.isAlive()).as("vcsim is running").isTrue();
                assertThat(System.nanoTime()).as("vcsim listening within 60 s").isLessThan(deadline);
                Thread.sleep(100);
            }
        }
    }

    @AfterAll
    static void stopVcsim() throws Exception {
        if (vcsim != null) {
            vcsim.destroy();
            vcsim.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * Host CPU from the PerformanceManager's real-time cpu.usage.average samples: vcsim makes up their
     * values (and answers each query with a new set), so this shows the query and that each sample is
     * added once, never a figure.
     */
    @Test
    void hostCpuIsTheBusyCoreTimeThePerformanceManagerReports() throws Exception {
        try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster())) {
            java.util.Set<String> hosts = new java.util.HashSet<>();
            int cores = 0;
            for (var host : platform.inventory().hosts()) {
                hosts.add(host.name());
                cores += host.cores();
            }
            Optional<Duration> busy = platform.cpuBusy(hosts);
            System.out.println("vcsim: busy CPU of " + hosts.size() + " hosts (" + cores + " cores): " + busy);
            assertThat(busy).as("samples of cpu.usage.average").isPresent();
            assertThat(busy.get()).isPositive();
            Optional<Duration> again = platform.cpuBusy(hosts);
            assertThat(again).isPresent();
            assertThat(again.get()).as("cumulative: samples are added, never taken back").isGreaterThanOrEqualTo(busy.get());
            assertThat(platform.cpuBusy(java.util.Set.of("no-such-host"))).isEmpty();
        }
    }

    /**
     * Each VM's counters from the PerformanceManager's real-time VM samples (cpu.used, mem.consumed, virtualDisk.*,
     * net.*): vcsim makes their values up, so this shows the calls, the counters found by name and that samples only
     * add up, never a figure (vcsim has no virtualDisk.numberRead/WriteAveraged data: its answer is 0).
     */
    @Test
    void vmCountersComeFromThePerformanceManagersVmSamples() throws Exception {
        try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster())) {
            Vm vm = deploy(platform, "profiled");
            var meter = platform.resourceMeter().orElseThrow();
            assertThat(meter.source()).contains("cpu.used.summation", "mem.consumed.average", "virtualDisk.read.average",
                    "net.transmitted.average");
            assertThat(meter.notMeasured()).isEmpty();
            var first = meter.read(List.of(vm)).get(vm.name());
            System.out.println("vcsim: " + vm.name() + " " + first);
            assertThat(first.cpuNanos()).isPositive();
            assertThat(first.memoryBytes()).isPositive();
            assertThat(first.diskWriteBytes()).isPositive();
            assertThat(first.netReceivedBytes()).isPositive();
            assertThat(first.diskReadOps()).isNotNull();
            var again = meter.read(List.of(vm)).get(vm.name());
            assertThat(again.cpuNanos()).as("cumulative").isGreaterThanOrEqualTo(first.cpuNanos());
            assertThat(again.diskWriteBytes()).isGreaterThanOrEqualTo(first.diskWriteBytes());
            platform.destroy(vm);
            assertThat(meter.read(List.of(vm))).as("a VM the platform no longer holds").isEmpty();
        }
    }

    @Test
    void powerOnReturnsWithTheEndpointsTheGuestReportedAtTheAddressToolsReported() throws Exception {
        try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster())) {
            Vm vm = deploy(platform, "ready");
            CompletableFuture<Void> poweredOn = CompletableFuture.runAsync(() -> powerOn(platform, vm));

            actAsTheGuest(vm, ReadinessReport.ready(vm.name(), "standby", Map.of(STANDBY.ports().getFirst(), 8085), 1), "10.1.2.3");

            poweredOn.get(2, TimeUnit.MINUTES);
            assertThat(platform.endpoint(vm)).isEqualTo(new InetSocketAddress("10.1.2.3", 8085));
            assertThat(platform.publishable()).isTrue();
            platform.cleanup(vm.runId());
        }
    }

    @Test
    void aSecondBootWaitsForItsOwnReportNotTheLastBootsOne() throws Exception {
        try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster())) {
            Vm vm = deploy(platform, "rebooted");
            String port = STANDBY.ports().getFirst();
            CompletableFuture<Void> firstBoot = CompletableFuture.runAsync(() -> powerOn(platform, vm));
            actAsTheGuest(vm, ReadinessReport.ready(vm.name(), "standby", Map.of(port, 8085), 1), "10.1.2.5");
            firstBoot.get(2, TimeUnit.MINUTES);
            platform.powerOff(vm, Duration.ZERO);

            // No guest answers this boot: the first boot's report, still in guestinfo, must not pass for it.
            assertThatThrownBy(() -> platform.powerOn(vm, Duration.ofSeconds(3))).isInstanceOf(PlatformException.class)
                    .hasMessageContaining("did not report ready in time (no " + Marks.READINESS + ")");

            CompletableFuture<Void> thirdBoot = CompletableFuture.runAsync(() -> powerOn(platform, vm));
            actAsTheGuest(vm, ReadinessReport.ready(vm.name(), "standby", Map.of(port, 8086), 1), "10.1.2.5");
            thirdBoot.get(2, TimeUnit.MINUTES);
            assertThat(platform.endpoint(vm)).as("this boot's port").isEqualTo(new InetSocketAddress("10.1.2.5", 8086));
            platform.cleanup(vm.runId());
        }
    }

    @Test
    void aGuestThatReportsFailureFailsPowerOnWithItsReason() throws Exception {
        try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster())) {
            Vm vm = deploy(platform, "failing");
            CompletableFuture<Void> poweredOn = CompletableFuture.runAsync(() -> powerOn(platform, vm));

            actAsTheGuest(vm, ReadinessReport.failed(vm.name(), "standby", "peer db-1 unreachable", 1), "10.1.2.4");

            assertThatThrownBy(() -> poweredOn.get(2, TimeUnit.MINUTES)).hasRootCauseInstanceOf(PlatformException.class)
                    .rootCause().hasMessageContaining("failed to start: peer db-1 unreachable");
            assertThat(platform.state(vm)).as("not left running").isEqualTo(VmState.STOPPED);
            platform.cleanup(vm.runId());
        }
    }

    /**
     * DRS's migrations, which vcsim does not make: vCenter's DrsVmMigratedEvent for a deployed VM is posted
     * (PostEvent, another session) and the platform reports it, with hosts and datastores by the names
     * placements use; an event of a VM the platform did not deploy is not reported.
     */
    @Test
    void aDrsMigrationOfADeployedVmIsReportedAsAPlatformOperation() throws Exception {
        var spec = ConfigLoader.load(Optional.empty(), settings);
        try (Platform platform = Platforms.create(spec.cluster()); Vim poster = Connection.open((VsphereSettings) spec.cluster().section())) {
            Vm vm = deploy(platform, "moved");
            java.util.concurrent.BlockingQueue<org.tilemark.infra.platform.PlatformOperation> reported =
                    new java.util.concurrent.LinkedBlockingQueue<>();
            platform.onPlatformOperation(reported::add);
            Thread.sleep(3000); // the collector exists from the first listener on
            Site site = Site.find(poster, (VsphereSettings) spec.cluster().section());
            Mor moved = poster.all(site.datacenter(), "VirtualMachine", List.of("name")).stream()
                    .filter(found -> found.text("name").orElse("").endsWith("-moved")).findFirst().orElseThrow().obj();
            Mor other = poster.all(site.datacenter(), "VirtualMachine", List.of("name")).stream()
                    .filter(found -> found.text("name").orElse("").equals("DC0_C0_RP0_VM1")).findFirst().orElseThrow().obj();
            List<String> hosts = List.copyOf(site.hosts().keySet());
            for (Mor target : List.of(other, moved)) {
                poster.call("PostEvent", poster.eventManager(), Element.of("eventToPost", Element.text("key", "0"),
                        Element.text("chainId", "0"), Element.text("createdTime", Instant.now().toString()), Element.text("userName", ""),
                        argument("host", "host", hosts.get(1), site.hosts().get(hosts.get(1)).mor()),
                        argument("vm", "vm", "x", target),
                        argument("ds", "datastore", "LocalDS_1", site.datastores().get("maintenance").mor()),
                        Element.text("template", "false"),
                        argument("sourceHost", "host", hosts.get(0), site.hosts().get(hosts.get(0)).mor()),
                        argument("sourceDatastore", "datastore", "LocalDS_0", site.datastores().get("app").mor()))
                        .typed(EventWatch.DRS_MIGRATION));
            }
            var operation = reported.poll(30, TimeUnit.SECONDS);
            assertThat(operation).as("the deployed VM's migration, reported").isNotNull();
            assertThat(operation.vm()).isEqualTo(vm);
            assertThat(operation.from()).isEqualTo(new org.tilemark.infra.platform.Placement(hosts.get(0), "app"));
            assertThat(operation.to()).isEqualTo(new org.tilemark.infra.platform.Placement(hosts.get(1), "maintenance"));
            assertThat(operation.cause()).isEqualTo("DRS");
            assertThat(reported.poll(3, TimeUnit.SECONDS)).as("nothing of the VM it did not deploy").isNull();
            platform.cleanup(vm.runId());
        }
    }

    /**
     * A running task (made with {@code TaskManager.CreateTask} for an extension this test registers: vcsim's own
     * tasks end at once) is followed with WaitForUpdatesEx until another session sets its state, across the end
     * of the follower's session ({@code TerminateSession}, as {@code govc session.rm} does); one past its timeout
     * is cancelled, and vCenter then says so.
     */
    @Test
    void aRunningTaskIsFollowedToItsEndAndCancelledPastItsTimeout() throws Exception {
        VsphereSettings section = (VsphereSettings) ConfigLoader.load(Optional.empty(), settings).cluster().section();
        try (Vim vim = Connection.open(section); Vim admin = Connection.open(section)) {
            Node content = admin.call("RetrieveServiceContent", Mor.SERVICE_INSTANCE).child("returnval").orElseThrow();
            admin.call("RegisterExtension", content.child("extensionManager").orElseThrow().mor(), Element.of("extension",
                    Element.of("description", Element.text("label", "test"), Element.text("summary", "test")),
                    Element.text("key", "org.tilemark.test"), Element.text("version", "1"),
                    Element.of("taskList", Element.text("taskID", "org.tilemark.test.work")),
                    Element.text("lastHeartbeatTime", Instant.now().toString())));
            Mor taskManager = content.child("taskManager").orElseThrow().mor();

            Mor cancelled = task(admin, taskManager, content);
            assertThatThrownBy(() -> vim.follow(cancelled, "Work_Task", Duration.ofSeconds(1))).isInstanceOf(java.io.IOException.class)
                    .hasMessage("Work_Task still running after 1 s (no progress reported): cancelled (CancelTask)");
            Vim.ObjectProps after = admin.one(cancelled, List.of("info.state", "info.cancelled"));
            assertThat(after.text("info.state")).contains("error");
            assertThat(after.text("info.cancelled")).contains("true");

            Mor work = task(admin, taskManager, content);
            String session = vim.one(content.child("sessionManager").orElseThrow().mor(), List.of("currentSession")).props()
                    .get("currentSession").text("key").orElseThrow();
            CompletableFuture<Optional<Node>> followed = CompletableFuture.supplyAsync(() -> {
                try {
                    return vim.follow(work, "Work_Task", Duration.ofMinutes(1));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(1000);
            admin.call("TerminateSession", content.child("sessionManager").orElseThrow().mor(), Element.text("sessionId", session));
            Thread.sleep(1000);
            assertThat(followed).as("still following the running task").isNotDone();
            admin.call("SetTaskState", work, Element.text("state", "success"));
            followed.get(1, TimeUnit.MINUTES);
            assertThat(vim.currentTime()).as("the session ended: a new login, the call made").isNotNull();
            assertThat(vim.logins()).isEqualTo(2);
        }
    }

    private static Mor task(Vim admin, Mor taskManager, Node content) throws Exception {
        Node info = admin.call("CreateTask", taskManager, Element.ref("obj", content.child("rootFolder").orElseThrow().mor()),
                Element.text("taskTypeId", "org.tilemark.test.work"), Element.text("initiatedBy", "test"),
                Element.text("cancelable", "true")).child("returnval").orElseThrow();
        Mor task = info.child("task").orElseThrow().mor();
        admin.call("SetTaskState", task, Element.text("state", "running"));
        return task;
    }

    private static Element argument(String name, String refName, String displayName, Mor ref) {
        return Element.of(name, Element.text("name", displayName), Element.ref(refName, ref));
    }

    private static Vm deploy(Platform platform, String name) throws PlatformException {
        Template template = platform.ensureTemplate(new TemplateRequest(STANDBY, new TemplateId("standby", Map.of()), Map.of(),
                Map.of(), Duration.ofMinutes(1)));
        return platform.deploy(new VmSpec(name, "readiness-" + Long.toHexString(System.nanoTime()), 1, template, STANDBY,
                platform.inventory().hosts().getFirst().name(), "app", Map.of(), Map.of()));
    }

    private static void powerOn(Platform platform, Vm vm) {
        try {
            platform.powerOn(vm, Duration.ofMinutes(1));
        } catch (PlatformException e) {
            throw new java.util.concurrent.CompletionException(e);
        }
    }

    /** Waits for the VM to be on, then writes its report and (as vcsim lets ReconfigVM do) its address. */
    private static void actAsTheGuest(Vm vm, ReadinessReport report, String address) throws Exception {
        VsphereSettings section = (VsphereSettings) ConfigLoader.load(Optional.empty(), settings).cluster().section();
        try (Vim guest = Connection.open(section)) {
            Mor mor = guest.all(guest.rootFolder(), "VirtualMachine", List.of("name")).stream()
                    .filter(found -> found.text("name").orElse("").equals(VsphereVm.vcenterName(vm))).findFirst().orElseThrow().obj();
            while (!guest.one(mor, List.of("runtime.powerState")).text("runtime.powerState").orElse("").equals("poweredOn")) {
                Thread.sleep(100);
            }
            guest.runTask(Duration.ofMinutes(1), "ReconfigVM_Task", mor, Element.of("spec",
                    Element.option("extraConfig", Marks.READINESS, GuestDocumentFile.READINESS.toJson(report)),
                    Element.option("extraConfig", "SET.guest.ipAddress", address)));
        }
    }

    /** Accepts any certificate: used once, to read the one vcsim serves. */
    private static final class Recorder implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    /**
     * {@code cluster.vsphere.maxTasksInFlight} 3: twelve VMs deployed and then powered on together (a wave, as the
     * harness asks) have at most 3 tasks running in vCenter at once, counted where tasks start and, on the wire, as the
     * task calls and task waits (WaitForUpdatesEx) open at once; the twelve queue for a slot and all end up on. Without
     * the limit every clone and power-on would start at once.
     */
    @Test
    void noMoreTasksRunAtOnceThanMaxTasksInFlight() throws Exception {
        Map<String, String> limited = new java.util.HashMap<>(settings);
        limited.put("cluster.vsphere.maxTasksInFlight", "3");
        limited.put("cluster.vsphere.readiness", "power-state");
        try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), limited).cluster());
             var wave = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            Vim vim = ((VspherePlatform) platform).vim();
            List<CompletableFuture<Vm>> deployed = java.util.stream.IntStream.range(0, 12).mapToObj(i -> CompletableFuture.supplyAsync(() -> {
                try {
                    return deploy(platform, "limited-" + i);
                } catch (PlatformException e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            }, wave)).toList();
            List<Vm> vms = deployed.stream().map(CompletableFuture::join).toList();
            CompletableFuture.allOf(vms.stream().map(vm -> CompletableFuture.runAsync(() -> powerOn(platform, vm), wave))
                    .toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
            Map<String, Integer> mostOpen = vim.soap().mostOpen();
            System.out.printf("vcsim: 12 VMs, maxTasksInFlight 3: at most %d tasks at once; calls open at once %s%n",
                    vim.tasks().mostAtOnce(), mostOpen);
            for (Vm vm : vms) {
                assertThat(platform.state(vm)).as(vm.name()).isEqualTo(VmState.RUNNING);
            }
            assertThat(vim.tasks().mostAtOnce()).as("tasks running at once: the limit, reached and held").isEqualTo(3);
            assertThat(vim.calls()).containsEntry("CloneVM_Task", 12L).containsEntry("PowerOnVM_Task", 12L);
            for (String method : List.of("CloneVM_Task", "ReconfigVM_Task", "PowerOnVM_Task", "WaitForUpdatesEx", "CreatePropertyCollector")) {
                assertThat(mostOpen.getOrDefault(method, 0)).as(method + " calls open at once").isBetween(1, 3);
            }
            for (Vm vm : vms) {
                platform.destroy(vm);
            }
        }
    }

    /**
     * What waiting for many guests costs vCenter: N VMs powered on together with readiness {@code guest}, this test
     * answering as each guest, for 8 and for 80 VMs. The guests' reports are read for every VM waiting in one
     * RetrievePropertiesEx a round, so the reads equal the rounds however many VMs wait. Reading each VM on its own
     * (as before: one read per VM a second) makes the reads at least the VMs times the rounds and fails this.
     */
    @Test
    void readinessReadsDoNotGrowWithTheNumberOfVmsWaiting() throws Exception {
        Map<Integer, List<Long>> cost = new java.util.TreeMap<>();
        for (int n : List.of(8, 80)) {
            try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster());
                 var starters = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
                VspherePlatform vsphere = (VspherePlatform) platform;
                List<Vm> vms = new java.util.ArrayList<>();
                for (int i = 0; i < n; i++) {
                    vms.add(deploy(platform, "many" + n + "-" + i));
                }
                Map<String, Long> before = vsphere.vim().calls();
                long roundsBefore = vsphere.readinessRounds();
                List<CompletableFuture<Void>> poweredOn = vms.stream()
                        .map(vm -> CompletableFuture.runAsync(() -> powerOn(platform, vm), starters))
                        .toList();
                actAsTheGuests(vms);
                CompletableFuture.allOf(poweredOn.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
                Map<String, Long> after = vsphere.vim().calls();
                long reads = after.getOrDefault("RetrievePropertiesEx", 0L) - before.getOrDefault("RetrievePropertiesEx", 0L);
                long rounds = vsphere.readinessRounds() - roundsBefore;
                long collectors = after.getOrDefault("CreatePropertyCollector", 0L) - before.getOrDefault("CreatePropertyCollector", 0L);
                long powerOns = after.getOrDefault("PowerOnVM_Task", 0L) - before.getOrDefault("PowerOnVM_Task", 0L);
                System.out.printf("vcsim: %d VMs ready: %d readiness reads in %d rounds, %d collectors made, %d power-ons, calls %s%n",
                        n, reads, rounds, collectors, powerOns, after);
                assertThat(powerOns).as("one power-on per VM").isEqualTo(n);
                assertThat(rounds).as("readiness rounds").isPositive();
                cost.put(n, List.of(reads - rounds));
                for (Vm vm : vms) {
                    platform.destroy(vm);
                }
            }
        }
        assertThat(cost.get(80)).as("reads beyond one a round: 80 VMs as 8").isEqualTo(cost.get(8)).isEqualTo(List.of(0L));
    }

    /** Each guest's report and address, written once its VM is on, in one session of the test's own. */
    private static void actAsTheGuests(List<Vm> vms) throws Exception {
        VsphereSettings section = (VsphereSettings) ConfigLoader.load(Optional.empty(), settings).cluster().section();
        try (Vim guest = Connection.open(section)) {
            Map<String, Mor> byName = new java.util.HashMap<>();
            guest.all(guest.rootFolder(), "VirtualMachine", List.of("name")).forEach(found -> byName.put(found.text("name").orElse(""), found.obj()));
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            for (Vm vm : vms) {
                Mor mor = byName.get(VsphereVm.vcenterName(vm));
                while (!guest.one(mor, List.of("runtime.powerState")).text("runtime.powerState").orElse("").equals("poweredOn")) {
                    assertThat(System.nanoTime()).as("VM %s powered on within 5 minutes", vm.name()).isLessThan(deadline);
                    Thread.sleep(100);
                }
                ReadinessReport report = ReadinessReport.ready(vm.name(), "standby", Map.of(STANDBY.ports().getFirst(), 8085), 1);
                guest.runTask(Duration.ofMinutes(1), "ReconfigVM_Task", mor, Element.of("spec",
                        Element.option("extraConfig", Marks.READINESS, GuestDocumentFile.READINESS.toJson(report)),
                        Element.option("extraConfig", "SET.guest.ipAddress", "10.2.0.1")));
            }
        }
    }
}
