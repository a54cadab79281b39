package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.ClusterSpec;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmResourceMeter;
import org.tilemark.infra.platform.VmResources;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;
import org.tilemark.templates.VmSize;

/** The local platform's VM meter on real guest processes ({@link EchoGuest}): /proc counters and endpoint bytes. */
class LocalResourceMeterTest {

    private static final RoleTemplate ROLE = new RoleTemplate("echo", new VmSize(1, 128, 1));
    private static final ClusterSpec CLUSTER = new ClusterSpec(LocalPlatformProvider.NAME, "127.0.0.1", null);
    private static final int WRITTEN = 4 << 20;

    @TempDir
    Path tmp;

    private Platform platform;

    @BeforeEach
    void createPlatform() throws Exception {
        platform = new LocalPlatform(new LocalSettings(2, Map.of("app", tmp.resolve("app"), "maintenance", tmp.resolve("maint")),
                tmp, false, 32, 10, 1 << 20, 0), CLUSTER.bindAddress(), EchoGuest.class.getName());
    }

    @AfterEach
    void stopEverything() {
        platform.close();
        ProcessSweeper.stop(ProcessSweeper.find(tmp), Duration.ofSeconds(5));
    }

    @Test
    void countsTheGuestsCpuMemoryDiskWritesAndEndpointBytesAndCarriesThemAcrossARestart() throws Exception {
        Map<String, String> buildInfo = Map.of("echo.size", "tiny");
        Template template = platform.ensureTemplate(new TemplateRequest(ROLE, new TemplateId(ROLE.role(), buildInfo), buildInfo,
                Map.of(), Duration.ofSeconds(60)));
        Vm vm = platform.deploy(new VmSpec("tile1-echo", "run-m", 1, template, ROLE, "host-0", "app",
                Map.of(EchoGuest.WRITE_BYTES, String.valueOf(WRITTEN)), Map.of()));
        VmResourceMeter meter = platform.resourceMeter().orElseThrow();
        assertThat(meter.read(List.of(vm))).as("a VM not powered on has no reading").isEmpty();
        platform.powerOn(vm, Duration.ofSeconds(60));
        String line = "x".repeat(1000);
        List<String> answered = LocalPlatformTest.echo(platform.endpoint(vm), line);
        assertThat(answered.get(1)).isEqualTo(line);

        VmResources first = meter.read(List.of(vm)).get(vm.name());
        assertThat(first.cpuNanos()).isPositive();
        assertThat(first.memoryBytes()).isGreaterThan(1L << 20);
        assertThat(first.diskWriteBytes()).as("the guest wrote and synced %d bytes", WRITTEN).isGreaterThanOrEqualTo((long) WRITTEN);
        assertThat(first.diskReadBytes()).isNotNull();
        assertThat(first.netReceivedBytes()).isGreaterThanOrEqualTo(line.length() + 1L);
        assertThat(first.netSentBytes()).isGreaterThanOrEqualTo(line.length() + 1L + "tile1-echo\n".length());
        assertThat(first.diskReadOps()).isNull();
        assertThat(first.diskWriteOps()).isNull();
        assertThat(meter.notMeasured()).containsKeys("diskReadOps", "diskWriteOps");

        // A storage move restarts the guest (a new process, writing its file again): the totals carry on from the first.
        platform.migrate(vm, new Placement("host-0", "maintenance"));
        VmResources moved = meter.read(List.of(vm)).get(vm.name());
        assertThat(moved.cpuNanos()).isGreaterThan(first.cpuNanos());
        assertThat(moved.diskWriteBytes()).isGreaterThanOrEqualTo(first.diskWriteBytes() + WRITTEN);
        assertThat(moved.netReceivedBytes()).isGreaterThanOrEqualTo(first.netReceivedBytes());
    }
}
