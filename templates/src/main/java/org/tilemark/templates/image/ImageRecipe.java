package org.tilemark.templates.image;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What the Tilemark guest image is made of: one Debian release for x86-64, the Debian packages on
 * top of its essential set, the Java modules of the guest's runtime, the kernel command line, and the
 * boot agent's files. Every role boots from this one image; the guest config it reads at boot makes it
 * a role, and the role catalog sizes it at deploy time. It holds no secret.
 */
public record ImageRecipe(String debianSuite, String architecture, List<String> packages, List<String> javaModules,
                          String kernelCommandLine, List<GuestFile> bootAgent) {

    /** Where the image keeps the guest: its Java runtime, jars, boot agent and disk. */
    public static final String GUEST_HOME = "/opt/tilemark";
    public static final String GUEST_DISK = "/var/lib/tilemark/disk";
    /** Where the boot agent puts the VM's guest config and the guest its readiness report (a tmpfs). */
    public static final String GUEST_RUN = "/run/tilemark";
    /** The guest's class path, one line in a fixed order: the class-data archive holds classes of these jars in this order. */
    public static final String GUEST_CLASSPATH = GUEST_HOME + "/classpath";
    /** Classes a guest loads at start, parsed and verified once at image build (JDK class-data sharing). */
    public static final String CLASS_DATA_ARCHIVE = GUEST_HOME + "/guest.jsa";
    /** The boot agent's settings (a systemd environment file), read by its scripts. */
    public static final String BOOT_ENV = GUEST_HOME + "/boot.env";
    /** The script that starts the guest. */
    public static final String GUEST_LAUNCHER = GUEST_HOME + "/bin/tilemark-guest";
    /** The image's manifest inside it: the guest reports it ({@link GuestImage}). */
    public static final String IMAGE_MANIFEST = GUEST_HOME + "/image-manifest.json";
    /** The boot agent's systemd units the image enables: the guest, and the watch that hands its readiness report on. */
    public static final List<String> BOOT_AGENT_UNITS = List.of("tilemark-guest.service", "tilemark-readiness.path");
    /** The guest's own account: PostgreSQL refuses to run as root. */
    public static final String GUEST_USER = "tilemark";
    /**
     * Debconf answers given before the packages install: Postfix's "No configuration" (no system main.cf: the mail
     * guest writes its own instance's configuration), one {@code debconf-set-selections} line each.
     */
    public static final List<String> DEBCONF_SELECTIONS = List.of("postfix postfix/main_mailer_type select No configuration");
    /**
     * The system-wide services the server packages bring, masked: the mail guest runs its own Postfix and Dovecot, the
     * Olio web guest its own memcached, and nothing else may listen.
     */
    public static final List<String> SERVER_SYSTEM_UNITS = List.of("postfix.service", "dovecot.service", "dovecot.socket",
            "memcached.service");
    /** The root file system's label: the kernel command line and fstab find it by it. */
    public static final String ROOT_LABEL = "tilemark-root";

    /** Every guest's host name, which the guest resolves from /etc/hosts: mail's Message-IDs and Postfix ask for it. */
    public static final String HOSTNAME = "tilemark-guest";

    public ImageRecipe {
        packages = List.copyOf(packages);
        javaModules = List.copyOf(javaModules);
        bootAgent = List.copyOf(bootAgent);
    }

    /** A file the recipe puts into the image, with its permission bits. */
    public record GuestFile(String path, int mode, String content) {
    }

    public static ImageRecipe standard() {
        return new ImageRecipe("bookworm", "amd64",
                List.of(
                        // boot: the cloud kernel (virtio, VMware and Hyper-V drivers, no desktop hardware), init, devices
                        "linux-image-cloud-amd64", "systemd-sysv", "udev", "initramfs-tools", "e2fsprogs", "util-linux",
                        // growing the root partition to the VM's disk at boot: sfdisk
                        "fdisk",
                        "mount", "kmod", "procps", "iproute2", "netbase",
                        // DHCP networking comes from systemd-networkd (in systemd); time sync
                        "systemd-timesyncd",
                        // the guest config on VMware: vmware-rpctool reads guestinfo
                        "open-vm-tools",
                        // PostgreSQL's initdb wants a locale and time zone data
                        "tzdata", "locales",
                        // the mail role: Postfix (SMTP) and Dovecot (IMAP, LMTP delivery); the guest runs its own
                        // instance of each, so the packages' system services are masked (SERVER_SYSTEM_UNITS)
                        "postfix", "dovecot-imapd", "dovecot-lmtpd",
                        // the Olio web role's cache: the guest runs its own memcached on a Unix socket (service masked)
                        "memcached",
                        // the Olio web role's photos carry a caption drawn with java.awt (headless), which needs
                        // fontconfig and a font: without them its file store's first build failed ("Fontconfig head is null")
                        "fontconfig", "fonts-dejavu-core"),
                List.of("java.base", "java.compiler", "java.desktop", "java.instrument", "java.logging", "java.management",
                        "java.naming", "java.net.http", "java.prefs", "java.rmi", "java.scripting", "java.security.jgss",
                        "java.security.sasl", "java.sql", "java.transaction.xa", "java.xml", "jdk.crypto.ec", "jdk.management",
                        "jdk.charsets", "jdk.httpserver", "jdk.jfr", "jdk.naming.dns", "jdk.net", "jdk.unsupported", "jdk.zipfs"),
                "root=LABEL=" + ROOT_LABEL + " ro console=tty0 console=ttyS0,115200n8 net.ifnames=0",
                List.of(
                        resource("/etc/systemd/system/tilemark-guest.service", 0644, "tilemark-guest.service"),
                        resource("/etc/systemd/system/tilemark-readiness.path", 0644, "tilemark-readiness.path"),
                        resource("/etc/systemd/system/tilemark-readiness.service", 0644, "tilemark-readiness.service"),
                        resource(GUEST_HOME + "/bin/tilemark-report-readiness", 0755, "tilemark-report-readiness"),
                        resource(GUEST_HOME + "/bin/tilemark-grow-root", 0755, "tilemark-grow-root"),
                        resource(GUEST_HOME + "/bin/tilemark-fetch-config", 0755, "tilemark-fetch-config"),
                        resource(GUEST_LAUNCHER, 0755, "tilemark-guest"),
                        resource(GUEST_HOME + "/bin/tilemark-guest-exited", 0755, "tilemark-guest-exited"),
                        resource("/etc/systemd/network/80-dhcp.network", 0644, "80-dhcp.network"),
                        new GuestFile(BOOT_ENV, 0644, String.join("\n",
                                "NOCLOUD_LABEL=" + NoCloudSeed.LABEL,
                                "NOCLOUD_CONFIG_FILE=" + NoCloudSeed.CONFIG_FILE,
                                "GUESTINFO_KEY=" + NoCloudSeed.GUESTINFO_KEY,
                                "GUESTINFO_READINESS_KEY=" + NoCloudSeed.GUESTINFO_READINESS_KEY,
                                "GUEST_HOME=" + GUEST_HOME,
                                "GUEST_DISK=" + GUEST_DISK,
                                "GUEST_RUN=" + GUEST_RUN,
                                "GUEST_CLASSPATH=" + GUEST_CLASSPATH,
                                "CLASS_DATA_ARCHIVE=" + CLASS_DATA_ARCHIVE,
                                "IMAGE_MANIFEST=" + IMAGE_MANIFEST, "")),
                        new GuestFile("/etc/hostname", 0644, HOSTNAME + "\n"),
                        // Debian's installer adds the host name to /etc/hosts; mmdebstrap does not, and it leaves the build
                        // machine's resolv.conf behind: each lookup of the host name then waited on a resolver the lab did not
                        // have (5 s a try; mail's template build took over 20 minutes). Guests reach peers by address only.
                        new GuestFile("/etc/hosts", 0644, String.join("\n", "127.0.0.1\tlocalhost", "127.0.1.1\t" + HOSTNAME,
                                "::1\t\tlocalhost ip6-localhost ip6-loopback", "ff02::1\t\tip6-allnodes", "ff02::2\t\tip6-allrouters", "")),
                        new GuestFile("/etc/resolv.conf", 0644, "# No name server: a Tilemark guest reaches its peers by address.\n"),
                        // A guest is no hypervisor: udev would load KVM for the CPU's virtualization flags.
                        new GuestFile("/etc/modprobe.d/tilemark-guest.conf", 0644, "blacklist kvm_amd\nblacklist kvm_intel\nblacklist kvm\n"),
                        new GuestFile("/etc/fstab", 0644, "LABEL=" + ROOT_LABEL + " / ext4 defaults,noatime 0 1\n")));
    }

    private static GuestFile resource(String path, int mode, String name) {
        try (InputStream in = ImageRecipe.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("image recipe resource " + name + " is missing from the build");
            }
            return new GuestFile(path, mode, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
