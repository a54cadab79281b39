package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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
import org.tilemark.tests.image.TestGuestImage;
import org.tilemark.tests.lanes.TestLanes;
import org.tilemark.tests.lanes.VmLane;

/**
 * {@code tilemark image push} on libvirt, on the lab ({@link LibvirtTestHosts}): an OVA of the test's guest
 * image (its disk as the image build packs it, a streamOptimized VMDK) goes through the first host's libvirt
 * into the shared pool, becomes a qcow2 volume there that both hosts list (the image's virtual size) with the
 * descriptor beside it, and the platform deploys a linked clone of it; a second push of the same name is bad
 * input naming the key, and leaves the first untouched.
 */
@VmLane
class LibvirtImagePushTest {

    @RegisterExtension
    static final LibvirtLab LAB = new LibvirtLab("libvirt-image-push");
    private static final String POOL = "tilemark-app";
    private static final String VOLUME = "tilemark-pushed.qcow2";

    @Test
    void anOvaBecomesTheBaseImageVolumeEveryHostSees() throws Exception {
        Path image = TestGuestImage.get().file();
        long capacity = LAB.hosts().volumeBytes("host-1", "tilemark-images", image.getFileName().toString(), "capacity");
        Path ova = TestOva.of(LAB.dir().resolve("ova"), image, capacity);
        Map<String, String> settings = new LinkedHashMap<>(LAB.hosts().clusterSettings());
        settings.put("cluster.libvirt.baseImage.pool", POOL);
        settings.put("cluster.libvirt.baseImage.volume", VOLUME);

        long started = System.nanoTime();
        Result pushed = tilemark(List.of("image", "push", ova.toString()), settings);
        System.out.printf("image push of %s: %d s%n%s%n", ova.getFileName(), (System.nanoTime() - started) / 1_000_000_000, pushed.output());
        assertThat(pushed.exit()).as(pushed.output()).isZero();
        assertThat(pushed.output()).contains("[image] uploading tilemark-guest-disk1.vmdk").contains("as volume '" + VOLUME + "'");
        for (String host : LAB.hosts().uris().keySet()) {
            assertThat(LAB.hosts().volumeBytes(host, POOL, VOLUME, "capacity")).as("the pushed image's virtual size on %s", host)
                    .isEqualTo(capacity);
            assertThat(LAB.hosts().volumeXml(host, POOL, VOLUME)).as("on %s", host).contains("<format type='qcow2'/>");
            assertThat(LAB.hosts().volumeBytes(host, POOL, VOLUME + ".ovf", "capacity")).isPositive();
        }
        assertThat(LAB.hosts().domainsAndVolumes()).as("the upload volume was deleted").noneMatch(line -> line.contains(".upload."));

        try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster())) {
            RoleTemplate standby = RoleCatalog.forRole("standby");
            Template template = platform.ensureTemplate(new TemplateRequest(standby, new TemplateId(standby.role(), Map.of()),
                    Map.of(), Map.of(), Duration.ofMinutes(1)));
            Vm vm = platform.deploy(new VmSpec("pushed-1", "push-test", 1, template, standby, "host-2", ClusterSpec.APP_DATASTORE,
                    Map.of(), Map.of()));
            assertThat(LAB.hosts().volumeXml("host-2", POOL, "tm-push-test-pushed-1.disk.qcow2")).as("a linked clone of the pushed volume")
                    .contains("<backingStore>").contains(VOLUME);
            platform.destroy(vm);
        }

        Result again = tilemark(List.of("image", "push", ova.toString()), settings);
        assertThat(again.exit()).as(again.output()).isEqualTo(2);
        // One line of the harness's own (the JVM's warnings of JNA's native access come before it).
        assertThat(again.output().lines().filter(line -> !line.startsWith("WARNING: ") && !line.isBlank()).toList()).singleElement()
                .asString().startsWith("error: cluster.libvirt.baseImage.volume: a volume '" + VOLUME + "' is already");
        assertThat(LAB.hosts().volumeBytes("host-1", POOL, VOLUME, "capacity")).isEqualTo(capacity);
    }

    private record Result(int exit, String output) {
    }

    private static Result tilemark(List<String> command, Map<String, String> settings) throws Exception {
        Process process = new ProcessBuilder(TestLanes.lowPriority(TestLanes.harness(command, settings)))
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(20, TimeUnit.MINUTES)).isTrue();
        return new Result(process.exitValue(), output);
    }
}
