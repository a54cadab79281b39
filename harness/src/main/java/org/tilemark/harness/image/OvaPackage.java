package org.tilemark.harness.image;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.VmSize;
import org.tilemark.templates.image.NoCloudSeed;
import org.tilemark.templates.image.ImageManifest;

/**
 * The vSphere package: the disk as a streamOptimized VMDK and an OVF descriptor naming it, its size,
 * its capacity and the VM's hardware (the smallest role's size; a deploy resizes per role), tarred
 * with the descriptor first as OVF requires.
 */
final class OvaPackage {

    private static final String SMALLEST_ROLE = "standby";

    private final ImageFormat.ImageOutput output;

    OvaPackage(ImageFormat.ImageOutput output) {
        this.output = output;
    }

    void write(Path raw, Path target) throws ImageBuildException, IOException {
        Path dir = Files.createDirectories(output.workDir().resolve("ova"));
        String diskName = output.name() + "-disk1.vmdk";
        Path vmdk = dir.resolve(diskName);
        ImageFormat.VMDK.write(raw, vmdk, output);
        String ovfName = output.name() + ".ovf";
        Files.writeString(dir.resolve(ovfName), descriptor(diskName, Files.size(vmdk), Files.size(raw)), StandardCharsets.UTF_8);
        output.commands().run(List.of("tar", "--format=ustar", "-cf", target.toString(), "-C", dir.toString(), ovfName, diskName));
    }

    String descriptor(String diskName, long diskFileBytes, long capacityBytes) throws IOException {
        String template;
        try (InputStream in = OvaPackage.class.getResourceAsStream("tilemark.ovf")) {
            if (in == null) {
                throw new IOException("the OVF template is missing from the build");
            }
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        VmSize size = RoleCatalog.forRole(SMALLEST_ROLE).size();
        ImageManifest manifest = output.manifest();
        Map<String, String> values = Map.of("diskFile", diskName, "diskFileBytes", Long.toString(diskFileBytes),
                "diskCapacityBytes", Long.toString(capacityBytes), "name", output.name(), "version", manifest.tilemarkVersion(),
                "debianSuite", manifest.debianSuite(), "kernel", manifest.kernel(), "java", manifest.java(),
                "vcpus", Integer.toString(size.vcpus()), "memoryMb", Integer.toString(size.memoryMb()));
        String result = template.replace("${guestinfoKey}", NoCloudSeed.GUESTINFO_KEY);
        for (Map.Entry<String, String> value : values.entrySet()) {
            result = result.replace("${" + value.getKey() + "}", xml(value.getValue()));
        }
        return result;
    }

    private static String xml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
