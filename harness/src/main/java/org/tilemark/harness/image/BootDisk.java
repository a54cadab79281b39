package org.tilemark.harness.image;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.tilemark.templates.image.ImageRecipe;

/**
 * A raw BIOS-bootable disk from the root file system: an MBR with one bootable partition at 1 MiB,
 * ext4 written straight from the directory (mkfs.ext4 -d, no mount needed), EXTLINUX installed into
 * it through a loop mount, and syslinux's MBR boot code. The disk is sparse: its size is what the
 * guest may grow into, not what it stores.
 */
final class BootDisk {

    static final long DISK_BYTES = 8L << 30;
    private static final long PARTITION_START_SECTOR = 2048;
    private static final long PARTITION_OFFSET = PARTITION_START_SECTOR * 512;
    private static final Path MBR_CODE = Path.of("/usr/lib/syslinux/mbr/mbr.bin");
    /** Where a FAT/EXTLINUX boot sector keeps the partition's first sector ("hidden sectors"). */
    private static final int HIDDEN_SECTORS_FIELD = 0x1C;

    private final CommandRunner commands;

    BootDisk(CommandRunner commands) {
        this.commands = commands;
    }

    void write(RootFileSystem rootFs, ImageRecipe recipe, Path disk, Path workDir) throws ImageBuildException, IOException {
        writeBootloaderConfig(rootFs, recipe);
        try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "rw")) {
            file.setLength(DISK_BYTES);
        }
        Path table = workDir.resolve("partition-table.sfdisk");
        Files.writeString(table, "label: dos\nstart=" + PARTITION_START_SECTOR + ", type=83, bootable\n");
        commands.run(List.of("sfdisk", "--no-reread", "--no-tell-kernel", disk.toString()), line -> false, table);
        long fsBlocks = (DISK_BYTES - PARTITION_OFFSET) / 4096;
        // EXTLINUX cannot read ext4's 64bit layout; the rest of ext4's defaults it reads.
        commands.run(List.of("mkfs.ext4", "-q", "-F", "-L", ImageRecipe.ROOT_LABEL, "-b", "4096", "-O", "^64bit",
                "-E", "offset=" + PARTITION_OFFSET, "-d", rootFs.root().toString(), disk.toString(), Long.toString(fsBlocks)));
        Path mount = Files.createDirectories(workDir.resolve("mnt"));
        commands.run(List.of("mount", "-o", "loop,offset=" + PARTITION_OFFSET, disk.toString(), mount.toString()));
        try {
            commands.run(List.of("extlinux", "--install", mount.resolve("boot/extlinux").toString()));
        } finally {
            commands.run(List.of("umount", mount.toString()));
        }
        try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "rw")) {
            byte[] mbr = Files.readAllBytes(MBR_CODE);
            file.seek(0);
            file.write(mbr, 0, Math.min(mbr.length, 440));
            // The loop device starts at the partition, so EXTLINUX recorded offset 0: give it the real one.
            file.seek(PARTITION_OFFSET + HIDDEN_SECTORS_FIELD);
            file.write(new byte[] {(byte) PARTITION_START_SECTOR, (byte) (PARTITION_START_SECTOR >> 8), 0, 0});
        }
    }

    /** The kernel the image boots: the one the recipe's kernel package installed. */
    static String kernelVersion(RootFileSystem rootFs) throws IOException {
        try (Stream<Path> files = Files.list(rootFs.inRoot("/boot"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("vmlinuz-")).sorted()
                    .reduce((a, b) -> b).map(n -> n.substring("vmlinuz-".length()))
                    .orElseThrow(() -> new IOException("no kernel in the image's /boot"));
        }
    }

    private static void writeBootloaderConfig(RootFileSystem rootFs, ImageRecipe recipe) throws IOException {
        String kernel = kernelVersion(rootFs);
        Path config = rootFs.inRoot("/boot/extlinux/extlinux.conf");
        Files.createDirectories(config.getParent());
        Files.writeString(config, String.join("\n",
                "SERIAL 0 115200",
                "DEFAULT tilemark",
                "PROMPT 0",
                "TIMEOUT 1",
                "LABEL tilemark",
                "  LINUX /boot/vmlinuz-" + kernel,
                "  INITRD /boot/initrd.img-" + kernel,
                "  APPEND " + recipe.kernelCommandLine(), ""), StandardCharsets.UTF_8);
    }
}
