package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.run.RunOrchestrator;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.infra.platform.VmState;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.Vm;
import org.tilemark.tests.lanes.VcsimLane;

/**
 * The vSphere platform passes the platform contract against govmomi's vCenter simulator (vcsim) over
 * verified TLS: login, inventory, CloneVM_Task, power, RelocateVM_Task (vMotion, Storage vMotion,
 * XvMotion), Destroy_Task and the {@code tilemark.run} mark, all through the real vim25 SOAP API. vcsim
 * boots no guest: its VMs serve nothing, so readiness is {@code power-state} and the contract's guest
 * checks (heartbeats, endpoints) are not made here ({@link #guestsServe()}).
 */
@VcsimLane // waits on vcsim, beside the local runs
class VspherePlatformContractTest extends PlatformContract {

    private static final Path DIR = Path.of("target", "vsphere-contract").toAbsolutePath();
    /** A password that must never be printed: the refused-login test looks for it in the output. */
    private static final String PASSWORD = "Vcsim-S3cret-" + Long.toHexString(System.nanoTime());
    private static final RoleTemplate STANDBY = RoleCatalog.forRole("standby");
    private static VcsimServer vcsim;

    @BeforeAll
    static void startVcsim() throws Exception {
        vcsim = VcsimServer.start(DIR.resolve("vcsim"), PASSWORD, 2, List.of());
    }

    @AfterAll
    static void stopVcsim() throws Exception {
        if (vcsim != null) {
            vcsim.close();
        }
    }

    @Override
    protected Map<String, String> settings(Path workDir) {
        return vcsim.clusterSettings(DIR);
    }

    @Override
    protected boolean guestsServe() {
        return false;
    }

    /** Powered off from another session, as an administrator in the vSphere client would. */
    @Override
    protected void crash(Vm vm) throws Exception {
        try (Platform other = Platforms.create(ConfigLoader.load(Optional.empty(), settings(DIR)).cluster())) {
            other.powerOff(vm, Duration.ZERO);
        }
    }

    @Test
    void aTaskVcenterFailsIsAPlatformExceptionWithVcentersFault() throws Exception {
        Platform own = Platforms.create(ConfigLoader.load(Optional.empty(), settings(DIR)).cluster());
        try (own) {
            var template = own.ensureTemplate(new TemplateRequest(STANDBY, new TemplateId(STANDBY.role(), Map.of()), Map.of(),
                    Map.of(), Duration.ofMinutes(1)));
            Vm vm = own.deploy(new VmSpec("contract-fault", "fault-" + Long.toHexString(System.nanoTime()), 1, template, STANDBY,
                    own.inventory().hosts().getFirst().name(), "app", Map.of(), Map.of()));
            try {
                own.powerOn(vm, Duration.ofMinutes(1));

                // PowerOnVM_Task on a running VM: vCenter fails the task with InvalidPowerState.
                assertThatThrownBy(() -> own.powerOn(vm, Duration.ofMinutes(1))).isInstanceOf(PlatformException.class)
                        .hasMessageContaining("powering on VM contract-fault").hasMessageContaining("InvalidPowerState");
                assertThat(own.state(vm)).isEqualTo(VmState.RUNNING);
            } finally {
                own.cleanup(vm.runId());
            }
        }
    }

    /**
     * Each role's VM has the role catalog's vCPUs and memory and a disk grown to the role's size, as an
     * administrator reads them back with {@code govc vm.info -r}; a role whose disk is smaller than the
     * template's keeps the template's disk (a disk is never shrunk).
     */
    @Test
    void deployedVmsHaveTheirRolesSizeAsGovcReadsThemBack() throws Exception {
        String runId = "size-" + Long.toHexString(System.nanoTime());
        long templateDiskBytes = diskBytes(hardware("DC0_C0_RP0_VM0"));
        try {
            for (String role : List.of("dvdstore-db", "mail", "standby")) {
                RoleTemplate catalog = RoleCatalog.forRole(role);
                var template = platform.ensureTemplate(new TemplateRequest(catalog, new TemplateId(role, Map.of()), Map.of(), Map.of(),
                        Duration.ofMinutes(1)));
                Vm vm = platform.deploy(new VmSpec("size-" + role, runId, 1, template, catalog,
                        platform.inventory().hosts().getFirst().name(), "app", Map.of(), Map.of()));

                com.fasterxml.jackson.databind.JsonNode hardware = hardware("tm-" + runId + "-" + vm.name());
                assertThat(hardware.path("numCPU").asInt()).as(role + " vCPUs").isEqualTo(catalog.size().vcpus());
                assertThat(hardware.path("memoryMB").asInt()).as(role + " memory").isEqualTo(catalog.size().memoryMb());
                assertThat(diskBytes(hardware)).as(role + " disk")
                        .isEqualTo(Math.max(templateDiskBytes, (long) catalog.size().diskGb() << 30));
            }
            assertThat(templateDiskBytes).as("the template's disk, between the roles' sizes").isBetween(3L << 30, 19L << 30);
        } finally {
            platform.cleanup(runId);
        }
    }

    private static com.fasterxml.jackson.databind.JsonNode hardware(String vmName) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(vcsim.govc("vm.info", "-r", "-json", vmName))
                .path("virtualMachines").path(0).path("config").path("hardware");
    }

    private static long diskBytes(com.fasterxml.jackson.databind.JsonNode hardware) {
        List<Long> disks = new java.util.ArrayList<>();
        hardware.path("device").forEach(device -> {
            if (device.has("capacityInKB")) {
                disks.add(device.path("capacityInKB").asLong() * 1024);
            }
        });
        assertThat(disks).as("the VM's disks").hasSize(1);
        return disks.getFirst();
    }

    /**
     * A host an administrator put into maintenance mode before the run, and one outside the chosen cluster, are not
     * used: not in the inventory, and the platform's lines say why, beside the cluster's DRS and HA state (vcsim: DRS
     * on with no behaviour set, HA unset).
     */
    @Test
    void aHostInMaintenanceModeIsNotUsedAndTheClustersDrsAndHaAreDisclosed() throws Exception {
        vcsim.govc("host.maintenance.enter", "/DC0/host/DC0_C0/DC0_C0_H2");
        vcsim.govc("cluster.create", "-dc", "DC0", "DC0_OTHER");
        vcsim.govc("cluster.add", "-cluster", "/DC0/host/DC0_OTHER", "-hostname", "other-host", "-username", "root", "-password", "x",
                "-noverify");
        Map<String, String> chosen = new LinkedHashMap<>(settings(DIR));
        chosen.put("cluster.vsphere.cluster", "DC0_C0");
        try (Platform site = Platforms.create(ConfigLoader.load(Optional.empty(), chosen).cluster())) {
            assertThat(site.inventory().hosts()).extracting(org.tilemark.infra.platform.Inventory.Host::name)
                    .containsExactly("DC0_C0_H0", "DC0_C0_H1");
            assertThat(site.warnings()).contains("host 'DC0_C0_H2' not used: in maintenance mode",
                    "host 'other-host' not used: in 'DC0_OTHER', not in cluster 'DC0_C0'", "cluster 'DC0_C0': DRS fullyAutomated, HA off");
        } finally {
            vcsim.govc("host.maintenance.exit", "/DC0/host/DC0_C0/DC0_C0_H2");
            vcsim.govc("object.destroy", "/DC0/host/DC0_OTHER/other-host"); // vcsim cannot destroy a cluster: it stays, empty
        }
        assertThat(platform.inventory().hosts()).extracting(org.tilemark.infra.platform.Inventory.Host::name).contains("DC0_C0_H2");
    }

    /**
     * A configured VM folder (absent: made at the first deploy), resource pool and NIC network: the VM is in the
     * folder and pool and its NIC on that network as govc lists them, and cleanup removes the folder once it is empty.
     */
    @Test
    void vmsGoIntoTheConfiguredFolderAndPoolAndCleanupRemovesTheEmptyFolder() throws Exception {
        vcsim.govc("pool.create", "/DC0/host/DC0_C0/Resources/tilemark-pool");
        Map<String, String> placed = new LinkedHashMap<>(settings(DIR));
        placed.put("cluster.vsphere.vmFolder", "tilemark-runs");
        placed.put("cluster.vsphere.resourcePool", "tilemark-pool");
        placed.put("cluster.vsphere.networks.nic1", "VM Network"); // the template's NIC is on distributed portgroup DC0_DVPG0
        String runId = "placed-" + Long.toHexString(System.nanoTime());
        try (Platform site = Platforms.create(ConfigLoader.load(Optional.empty(), placed).cluster())) {
            assertThat(vcsim.govc("ls", "/DC0/vm")).as("no folder before the first deploy").doesNotContain("tilemark-runs");
            var template = site.ensureTemplate(new TemplateRequest(STANDBY, new TemplateId(STANDBY.role(), Map.of()), Map.of(),
                    Map.of(), Duration.ofMinutes(1)));
            site.deploy(new VmSpec("placed", runId, 1, template, STANDBY, "DC0_C0_H0", "app", Map.of(), Map.of()));

            assertThat(vcsim.govc("ls", "/DC0/vm/tilemark-runs").strip()).isEqualTo("/DC0/vm/tilemark-runs/tm-" + runId + "-placed");
            String pool = vcsim.govc("find", "-i", "/DC0/host/DC0_C0/Resources", "-name", "tilemark-pool").strip();
            assertThat(vcsim.govc("object.collect", "-s", "/DC0/vm/tilemark-runs/tm-" + runId + "-placed", "resourcePool").strip())
                    .isEqualTo(pool);
            JsonNode nic = new ObjectMapper().readTree(vcsim.govc("device.info", "-json", "-vm",
                    "/DC0/vm/tilemark-runs/tm-" + runId + "-placed", "ethernet-0")).path("devices").path(0);
            assertThat(nic.path("backing").path("deviceName").asText()).as(nic.toString()).isEqualTo("VM Network");
            assertThat(site.cleanup(runId)).containsExactly("tm-" + runId + "-placed");
            assertThat(vcsim.govc("ls", "/DC0/vm")).as("the empty folder removed").doesNotContain("tilemark-runs");
        } finally {
            vcsim.govc("pool.destroy", "/DC0/host/DC0_C0/Resources/tilemark-pool");
        }
    }

    @Test
    void aThickDiskIsCreatedAndDeletedOnEachHarnessDatastore() throws Exception {
        for (String datastore : List.of("app", "maintenance")) {
            // vcsim fails DeleteVirtualDisk_Task (CannotDeleteFile) unless the create made the file.
            assertThat(platform.createAndDeleteDisk(datastore, "disk-" + datastore, 64L << 20)).isPositive();
        }
        assertThatThrownBy(() -> platform.createAndDeleteDisk("no-such", "disk", 1 << 20)).isInstanceOf(PlatformException.class)
                .hasMessageContaining("no datastore 'no-such'");
    }

    @Test
    void aRefusedLoginOrAMissingDatastoreIsBadInputNamingItsKeyWithoutThePassword() throws Exception {
        Path wrongPassword = DIR.resolve("wrong-password");
        java.nio.file.Files.writeString(wrongPassword, PASSWORD + "-wrong");
        Map<String, String> problems = new LinkedHashMap<>();
        problems.put("cluster.vsphere.credentials.passwordFile", wrongPassword.toString());
        problems.put("cluster.vsphere.datastores.maintenance", "no-such-datastore");
        problems.put("cluster.vsphere.datacenter", "no-such-datacenter");
        problems.put("cluster.vsphere.template", "no-such-template");
        problems.put("cluster.vsphere.resourcePool", "no-such-pool");
        problems.put("cluster.vsphere.cluster", "no-such-cluster");
        problems.put("cluster.vsphere.networks.nic1", "no-such-network");
        problems.put("cluster.vsphere.url", "https://127.0.0.1:1/sdk");
        Map<String, String> expectedKey = Map.of("cluster.vsphere.credentials.passwordFile", "cluster.vsphere.credentials");
        for (var problem : problems.entrySet()) {
            Map<String, String> settings = new LinkedHashMap<>(settings(DIR));
            settings.put(problem.getKey(), problem.getValue());
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            RunOutcome outcome = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of())
                    .run(ConfigLoader.load(Optional.empty(), settings));
            String printed = console.toString(StandardCharsets.UTF_8);

            assertThat(outcome.exitCode()).as(printed).isEqualTo(RunOutcome.BAD_INPUT);
            assertThat(printed.lines().filter(line -> line.startsWith("error:")).toList()).as(problem.getKey()).singleElement()
                    .asString().startsWith("error: " + expectedKey.getOrDefault(problem.getKey(), problem.getKey()) + ": ");
            assertThat(printed).as("the password").doesNotContain(PASSWORD);
        }
        assertThat(platform.leftovers(null)).as("nothing created").isEmpty();
    }

    /**
     * A user without <i>Virtual machine → Provisioning → Clone</i> on the template: the run is bad input naming
     * the privilege and the template, and nothing is created. vcsim answers {@code FetchUserPrivilegeOnEntities}
     * for every user and entity with its {@code Admin} role's privileges (its roles and permissions, e.g. govc
     * {@code role.create} / {@code permissions.set}, do not change that answer), so the administrator's step
     * that restricts the user here is taking the privilege out of that role.
     */
    @Test
    void aUserWithoutTheClonePrivilegeIsBadInputNamingItBeforeAnythingIsCreated() throws Exception {
        String vmsBefore = vcsim.govc("ls", "/DC0/vm");
        vcsim.govc("role.update", "-r", "Admin", "VirtualMachine.Provisioning.Clone");
        try {
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            RunOutcome outcome = new RunOrchestrator(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of())
                    .run(ConfigLoader.load(Optional.empty(), settings(DIR)));
            String printed = console.toString(StandardCharsets.UTF_8);

            assertThat(outcome.exitCode()).as(printed).isEqualTo(RunOutcome.BAD_INPUT);
            assertThat(printed.lines().filter(line -> line.startsWith("error:")).toList()).singleElement().asString()
                    .startsWith("error: cluster.vsphere.credentials.username: vCenter user '" + VcsimServer.USER + "' lacks "
                            + "VirtualMachine.Provisioning.Clone on template 'DC0_C0_RP0_VM0' (");
            assertThat(vcsim.govc("ls", "/DC0/vm")).as("nothing created").isEqualTo(vmsBefore);

            // validate makes the same check: it connects, finds the privilege missing and logs out again
            VcsimServer.Result validate = VcsimServer.tilemark(List.of("validate"), settings(DIR));
            assertThat(validate.exit()).as(validate.output()).isEqualTo(RunOutcome.BAD_INPUT);
            assertThat(validate.output().lines().filter(line -> line.startsWith("error:")).toList()).singleElement().asString()
                    .startsWith("error: cluster.vsphere.credentials.username: vCenter user '" + VcsimServer.USER + "' lacks "
                            + "VirtualMachine.Provisioning.Clone on template 'DC0_C0_RP0_VM0' (");
            assertThat(validate.output()).doesNotContain("configuration is valid").doesNotContain(PASSWORD);
            assertThat(vcsim.govc("ls", "/DC0/vm")).as("nothing created").isEqualTo(vmsBefore);
        } finally {
            vcsim.govc("role.update", "-a", "Admin", "VirtualMachine.Provisioning.Clone");
        }
        try (Platform granted = Platforms.create(ConfigLoader.load(Optional.empty(), settings(DIR)).cluster())) {
            assertThat(granted.inventory().hosts()).as("the privilege given back, the same settings connect").isNotEmpty();
        }
        VcsimServer.Result valid = VcsimServer.tilemark(List.of("validate"), settings(DIR));
        assertThat(valid.exit()).as(valid.output()).isZero();
        assertThat(valid.output()).contains("platform checked: vCenter at " + vcsim.url() + ": user '" + VcsimServer.USER + "' logged in")
                .contains("configuration is valid");
        Map<String, String> away = new LinkedHashMap<>(settings(DIR));
        away.put("cluster.vsphere.url", "https://127.0.0.1:1/sdk");
        VcsimServer.Result unreachable = VcsimServer.tilemark(List.of("validate"), away);
        assertThat(unreachable.exit()).as("a vCenter this machine cannot reach: not checked, " + unreachable.output()).isZero();
        assertThat(unreachable.output()).contains("warning: cluster.vsphere.url: cannot reach vCenter at https://127.0.0.1:1/sdk")
                .contains("the platform's own checks were not made");
    }

    @Test
    void insecureConnectsToAnUntrustedCertificateWarnsAndIsNotPublishableWhileTheDefaultRefusesIt() throws Exception {
        Map<String, String> untrusted = new LinkedHashMap<>(settings(DIR));
        untrusted.put("cluster.vsphere.trustStore", ""); // vcsim's certificate is the test's own: the JDK does not trust it
        assertThatThrownBy(() -> Platforms.create(ConfigLoader.load(Optional.empty(), untrusted).cluster()))
                .isInstanceOf(org.tilemark.infra.platform.PlatformSettingException.class)
                .hasMessageStartingWith("cluster.vsphere.trustStore: the TLS certificate of ");

        Map<String, String> insecure = new LinkedHashMap<>(untrusted);
        insecure.put("cluster.vsphere.insecure", "true");
        try (Platform lab = Platforms.create(ConfigLoader.load(Optional.empty(), insecure).cluster())) {
            assertThat(lab.inventory().hosts()).isNotEmpty();
            assertThat(lab.publishable()).isFalse();
            assertThat(lab.warnings()).first().asString().startsWith("cluster.vsphere.insecure is true: ");
        }
        assertThat(platform.warnings()).as("verified TLS: nothing to warn of").noneMatch(line -> line.contains("insecure"));

        Map<String, String> both = new LinkedHashMap<>(settings(DIR));
        both.put("cluster.vsphere.insecure", "true");
        assertThatThrownBy(() -> ConfigLoader.load(Optional.empty(), both)).isInstanceOf(org.tilemark.config.ConfigException.class)
                .hasMessageContaining("cluster.vsphere.insecure: ");
    }
}
