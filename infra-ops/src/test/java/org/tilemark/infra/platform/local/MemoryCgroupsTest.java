package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.templates.VmSize;

/** VMs' memory groups on this machine's own memory controller (skipped where Linux offers none writable). */
class MemoryCgroupsTest {

    private static final VmSize DATABASE = new VmSize(4, 4096, 20);

    @TempDir
    Path tmp;

    @Test
    void aScaleOfZeroBoundsNothingAndSaysSo() throws Exception {
        MemoryCgroups memory = MemoryCgroups.detect(0);

        assertThat(memory.bounding()).isFalse();
        assertThat(memory.localSize(DATABASE)).isEqualTo(DATABASE);
        assertThat(memory.create("run-m", "vm", DATABASE)).isEmpty();
        assertThat(memory.warning()).hasValueSatisfying(w -> assertThat(w).contains("memoryScale is 0"));
    }

    @Test
    void aVmsSizeIsItsRolesMemoryScaledButNeverBelowWhatItsGuestNeeds() {
        MemoryCgroups memory = MemoryCgroups.detect(0.25);
        assumeTrue(memory.bounding(), () -> memory.warning().orElse(""));

        assertThat(memory.localSize(DATABASE)).isEqualTo(new VmSize(4, 1024, 20));
        assertThat(memory.localSize(new VmSize(1, 512, 2)).memoryMb()).as("the standby: 96 MB heap + JVM")
                .isEqualTo(96 + MemoryCgroups.JVM_OVERHEAD_MB);
    }

    @Test
    void aLaunchedGuestAndWhatItStartsRunInTheVmsGroupUnderItsLimit() throws Exception {
        MemoryCgroups memory = MemoryCgroups.detect(0.25);
        assumeTrue(memory.bounding(), () -> memory.warning().orElse(""));
        String run = "memtest-" + ProcessHandle.current().pid();
        Path group = memory.create(run, "tile1-db", DATABASE).orElseThrow();
        try {
            String limit = Files.readString(Files.exists(group.resolve("memory.max")) ? group.resolve("memory.max")
                    : group.resolve("memory.limit_in_bytes")).strip();
            assertThat(Long.parseLong(limit)).isEqualTo(1024L << 20);

            // The command's child (as PostgreSQL is the guest's) inherits the group.
            Process process = new ProcessBuilder(MemoryCgroups.inGroup(group, List.of("/bin/sh", "-c", "sleep 30 & wait"))).start();
            try {
                long child = waitForChild(process);
                for (long pid : List.of(process.pid(), child)) {
                    assertThat(Files.readString(Path.of("/proc", Long.toString(pid), "cgroup")))
                            .as("pid " + pid).contains(group.getFileName().toString());
                }
                assertThat(memory.existing(run, "tile1-db")).contains(group);
            } finally {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } finally {
            memory.remove(run, "tile1-db");
        }
        assertThat(group).doesNotExist();
        assertThat(memory.existing(run, "tile1-db")).isEmpty();
    }

    @Test
    void aDiskCopiedInTheGroupKeepsItsFilesAndModes() throws Exception {
        MemoryCgroups memory = MemoryCgroups.detect(0.25);
        assumeTrue(memory.bounding(), () -> memory.warning().orElse(""));
        Path template = tmp.resolve("template");
        Files.createDirectories(template.resolve("pgdata"));
        Files.setPosixFilePermissions(template.resolve("pgdata"), java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        Files.write(template.resolve("pgdata/base"), new byte[3 << 20]);
        String run = "memcopy-" + ProcessHandle.current().pid();
        Optional<Path> group = memory.create(run, "tile1-db", DATABASE);
        try {
            long copied = memory.copyDisk(group, template, tmp.resolve("disk"));

            assertThat(copied).isEqualTo(3 << 20);
            assertThat(Files.size(tmp.resolve("disk/pgdata/base"))).isEqualTo(3 << 20);
            assertThat(Files.getPosixFilePermissions(tmp.resolve("disk/pgdata")))
                    .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        } finally {
            memory.remove(run, "tile1-db");
        }
    }

    private static long waitForChild(Process process) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            Optional<ProcessHandle> child = process.children().findFirst();
            if (child.isPresent()) {
                return child.get().pid();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the command started no child");
    }
}
