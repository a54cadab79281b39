package org.tilemark.harness.image;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.tilemark.templates.image.ImageRecipe;

/**
 * The image's root file system as a directory: Debian's packages by mmdebstrap (downloaded packages
 * kept in the cache directory, so a rebuild downloads nothing new), then the recipe's boot agent, the
 * guest's account and the units it enables.
 */
final class RootFileSystem {

    private final CommandRunner commands;
    private final Path root;

    RootFileSystem(CommandRunner commands, Path root) {
        this.commands = commands;
        this.root = root;
    }

    Path root() {
        return root;
    }

    void bootstrap(ImageRecipe recipe, DebianMirror mirror, Path packageCache) throws ImageBuildException, IOException {
        Files.createDirectories(packageCache);
        String cache = packageCache.toAbsolutePath().toString();
        List<String> command = new ArrayList<>(List.of("mmdebstrap", "--mode=root", "--variant=minbase", "--components=main",
                "--architectures=" + recipe.architecture(), "--include=" + String.join(",", recipe.packages()),
                "--aptopt=Acquire::Retries \"3\"",
                // keep the downloaded .debs: copy the cache in before, and out again after installing
                "--skip=essential/unlink",
                // after the essential packages (debconf among them), before the recipe's packages configure
                "--essential-hook=printf '%s\\n' " + ImageRecipe.DEBCONF_SELECTIONS.stream().map(line -> "'" + line + "'")
                        .collect(java.util.stream.Collectors.joining(" ")) + " | chroot \"$1\" debconf-set-selections",
                "--setup-hook=mkdir -p \"$1\"/var/cache/apt/archives/",
                "--setup-hook=sync-in " + cache + " /var/cache/apt/archives/",
                "--customize-hook=sync-out /var/cache/apt/archives " + cache,
                recipe.debianSuite(), root.toString(), mirror.uri().toString()));
        commands.run(command, line -> line.startsWith("I: ") || line.startsWith("E: "));
    }

    void customize(ImageRecipe recipe) throws ImageBuildException, IOException {
        for (ImageRecipe.GuestFile file : recipe.bootAgent()) {
            Path target = inRoot(file.path());
            Files.createDirectories(target.getParent());
            Files.writeString(target, file.content(), StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(target, permissions(file.mode()));
        }
        chroot("useradd", "--system", "--create-home", "--home-dir", "/var/lib/tilemark", "--shell", "/usr/sbin/nologin",
                ImageRecipe.GUEST_USER);
        List<String> enable = new ArrayList<>(List.of("systemctl", "enable", "systemd-networkd", "systemd-timesyncd"));
        enable.addAll(ImageRecipe.BOOT_AGENT_UNITS);
        chroot(enable.toArray(String[]::new));
        chroot("systemctl", "mask", "systemd-networkd-wait-online.service");
        // What a guest never uses costs boot time, tens of seconds under emulation: no logins (root is
        // locked, the consoles carry the boot and the guest's output), no periodic maintenance.
        chroot("systemctl", "mask", "getty@tty1.service", "getty-static.service", "serial-getty@ttyS0.service",
                "e2scrub_reap.service", "e2scrub_all.timer", "fstrim.timer", "apt-daily.timer", "apt-daily-upgrade.timer",
                "dpkg-db-backup.timer");
        List<String> maskServers = new ArrayList<>(List.of("systemctl", "mask"));
        maskServers.addAll(ImageRecipe.SERVER_SYSTEM_UNITS);
        chroot(maskServers.toArray(String[]::new));
        chroot("systemctl", "set-default", "multi-user.target");
        chroot("passwd", "--lock", "root");
    }

    /** Installed packages by name with their versions, for the manifest. */
    TreeMap<String, String> packageVersions() throws ImageBuildException {
        TreeMap<String, String> versions = new TreeMap<>();
        for (String line : chroot("dpkg-query", "-W", "-f=${Package}\t${Version}\n").split("\n")) {
            String[] parts = line.split("\t");
            if (parts.length == 2) {
                versions.put(parts[0], parts[1]);
            }
        }
        return versions;
    }

    Path inRoot(String absolute) {
        return root.resolve(absolute.substring(1));
    }

    private String chroot(String... command) throws ImageBuildException {
        List<String> full = new ArrayList<>(List.of("chroot", root.toString()));
        full.addAll(List.of(command));
        return commands.run(full);
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] bits = {PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
            PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};
        for (int i = 0; i < bits.length; i++) {
            if ((mode & (1 << i)) != 0) {
                set.add(bits[i]);
            }
        }
        return set;
    }
}
