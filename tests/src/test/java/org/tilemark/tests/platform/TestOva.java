package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tilemark.tests.lanes.TestLanes;

/** An OVA as the image build packs one: the project's OVF descriptor filled in, a streamOptimized VMDK, tarred descriptor first. */
final class TestOva {

    static final String NAME = "tilemark-guest-test";

    private TestOva() {
    }

    /** An OVA of an empty disk of {@code capacityBytes}. */
    static Path empty(Path dir, long capacityBytes) throws Exception {
        Files.createDirectories(dir);
        Path qcow2 = dir.resolve("disk.qcow2");
        Files.deleteIfExists(qcow2);
        run(List.of("qemu-img", "create", "-q", "-f", "qcow2", qcow2.toString(), Long.toString(capacityBytes)));
        return of(dir, qcow2, capacityBytes);
    }

    /** An OVA of {@code qcow2}'s disk (of {@code capacityBytes}), converted at the lowest CPU priority. */
    static Path of(Path dir, Path qcow2, long capacityBytes) throws Exception {
        Files.createDirectories(dir);
        Path vmdk = dir.resolve("tilemark-guest-disk1.vmdk");
        Files.deleteIfExists(vmdk);
        run(TestLanes.lowPriority(List.of("qemu-img", "convert", "-f", "qcow2", "-O", "vmdk", "-o", "subformat=streamOptimized",
                qcow2.toString(), vmdk.toString())));
        String template;
        try (InputStream in = TestOva.class.getResourceAsStream("/org/tilemark/harness/image/tilemark.ovf")) {
            assertThat(in).as("the image build's OVF descriptor").isNotNull();
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, String> values = Map.ofEntries(Map.entry("diskFile", vmdk.getFileName().toString()),
                Map.entry("diskFileBytes", Long.toString(Files.size(vmdk))), Map.entry("diskCapacityBytes", Long.toString(capacityBytes)),
                Map.entry("name", NAME), Map.entry("version", "test"), Map.entry("debianSuite", "bookworm"),
                Map.entry("kernel", "test"), Map.entry("java", "25"), Map.entry("vcpus", "1"), Map.entry("memoryMb", "512"),
                Map.entry("guestinfoKey", "guestinfo.tilemark.config"));
        Matcher placeholder = Pattern.compile("\\$\\{(\\w+)}").matcher(template);
        String descriptor = placeholder.replaceAll(m -> Matcher.quoteReplacement(values.get(m.group(1))));
        Files.writeString(dir.resolve(NAME + ".ovf"), descriptor);
        Path ova = dir.resolve(NAME + ".ova");
        Files.deleteIfExists(ova);
        run(List.of("tar", "--format=ustar", "-cf", ova.toString(), "-C", dir.toString(), NAME + ".ovf", vmdk.getFileName().toString()));
        return ova;
    }

    private static void run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("%s: %s", String.join(" ", command), output).isZero();
    }
}
