package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;
import org.tilemark.tests.lanes.VcsimLane;

/**
 * {@code tilemark image push} on vCenter's simulator: an OVA — the project's own OVF descriptor
 * ({@code tilemark.ovf}, as {@code image build --format ova} fills it) and a streamOptimized VMDK qemu-img
 * made — is imported through {@code CreateImportSpec}, {@code ImportVApp} and the lease's upload, gets its
 * base snapshot and becomes a template the platform then accepts as {@code cluster.vsphere.template}, its
 * tile VMs linked clones of that snapshot (the clone request, read from vcsim's SOAP trace). A
 * name already taken and a file that is not an OVA are bad input. vcsim discards the uploaded bytes and
 * makes no delta disks: this shows the calls and their order, not that ESXi accepts the disk.
 */
@VcsimLane // waits on vcsim, beside the local runs
class VsphereImagePushTest {

    private static final Path DIR = Path.of("target", "vsphere-image-push").toAbsolutePath();
    private static final String PASSWORD = "Vcsim-Push-" + Long.toHexString(System.nanoTime());
    private static final String TEMPLATE = "tilemark-guest-pushed";
    private static final Path TRACE = DIR.resolve("vcsim-soap.trace");
    private static VcsimServer vcsim;

    @BeforeAll
    static void startVcsim() throws Exception {
        // vcsim's SOAP trace shows the clone request a tile VM is made with (vcsim itself ignores linked clones).
        vcsim = VcsimServer.start(DIR.resolve("vcsim"), PASSWORD, 2, List.of("-trace", "-trace-file", TRACE.toString()));
    }

    @AfterAll
    static void stopVcsim() throws Exception {
        if (vcsim != null) {
            vcsim.close();
        }
    }

    @Test
    void anOvaBecomesATemplateWithABaseSnapshotThatThePlatformClonesFrom() throws Exception {
        Path ova = TestOva.empty(DIR.resolve("ova"), 64L << 20);
        Map<String, String> settings = vcsim.clusterSettings(DIR);
        settings.put("cluster.vsphere.template", TEMPLATE);
        // The descriptor's NIC connects to "VM Network": mapped onto the distributed portgroup.
        settings.put("cluster.vsphere.networks.nic1", "DC0_DVPG0");

        VcsimServer.Result pushed = VcsimServer.tilemark(List.of("image", "push", ova.toString()), settings);
        assertThat(pushed.exit()).as(pushed.output()).isZero();
        assertThat(pushed.output()).contains("[image] sending tilemark-guest-disk1.vmdk")
                .contains("template '" + TEMPLATE + "' imported (1 file(s)").doesNotContain(PASSWORD);
        System.out.println(pushed.output());

        assertThat(vcsim.govc("object.collect", "-s", "vm/" + TEMPLATE, "config.template").strip()).isEqualTo("true");
        assertThat(vcsim.govc("object.collect", "-s", "vm/" + TEMPLATE, "config.hardware.numCPU").strip()).isEqualTo("1");
        assertThat(vcsim.govc("snapshot.tree", "-vm", TEMPLATE)).contains("tilemark-base");
        assertThat(vcsim.govc("device.info", "-json", "-vm", TEMPLATE, "ethernet-0")).as("the NIC on the mapped portgroup")
                .contains("\"portgroupKey\": \"" + vcsim.govc("object.collect", "-s", "network/DC0_DVPG0", "key").strip() + "\"");
        // A tile VM from the pushed template is a linked clone of its base snapshot: what the request asks of vCenter.
        try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster())) {
            RoleTemplate standby = RoleCatalog.forRole("standby");
            Template template = platform.ensureTemplate(new TemplateRequest(standby, new TemplateId(standby.role(), Map.of()),
                    Map.of(), Map.of(), Duration.ofMinutes(1)));
            Vm vm = platform.deploy(new VmSpec("linked-1", "push-test", 1, template, standby, "DC0_C0_H1", ClusterSpec.APP_DATASTORE,
                    Map.of(), Map.of()));
            platform.destroy(vm);
        }
        Matcher request = Pattern.compile("<CloneVM_Task .*?</CloneVM_Task>", Pattern.DOTALL).matcher(Files.readString(TRACE));
        assertThat(request.find()).as("a CloneVM_Task request in vcsim's trace").isTrue();
        String clone = request.group();
        assertThat(clone).contains("<diskMoveType>createNewChildDiskBacking</diskMoveType>")
                .containsPattern("<snapshot type=\"VirtualMachineSnapshot\">[^<]+</snapshot>");

        VcsimServer.Result again = VcsimServer.tilemark(List.of("image", "push", ova.toString()), settings);
        assertThat(again.exit()).as(again.output()).isEqualTo(2);
        assertThat(again.output().strip()).startsWith("error: cluster.vsphere.template: a VM or template '" + TEMPLATE + "' is already")
                .doesNotContain("\n");

        settings.put("cluster.vsphere.template", "never-made");
        Path notAnOva = Files.writeString(DIR.resolve("not-an.ova"), "plain text");
        VcsimServer.Result refused = VcsimServer.tilemark(List.of("image", "push", notAnOva.toString()), settings);
        assertThat(refused.exit()).as(refused.output()).isEqualTo(2);
        assertThat(refused.output()).startsWith("error: IMAGE: ").contains("is not an OVA");
        assertThat(vcsim.govc("find", "/DC0/vm", "-name", "never-made").strip()).isEmpty();
    }
}
