package org.tilemark.tests.platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tilemark.tests.lanes.TestLanes;

/**
 * The two-host KVM lab ({@code tests/setup/kvm-lab.sh}) as a test's cluster: two hosts, each a network
 * namespace with its own bridge {@code br0} and its own libvirtd (own mount namespace, host UUID and
 * address on the lab's segment), their uplinks joined through a switch namespace into one L2 segment
 * shaped to 1 GbE, the lab's own DHCP server (dnsmasq, not libvirt's) on it, and this JVM reaching hosts
 * and guests over its own port on the switch. Both hosts see the same two pool directories
 * ({@code tilemark-app}, {@code tilemark-maintenance}) and the pool holding the guest image
 * ({@code tilemark-images}). The lab's daemons and their QEMU processes run at the lowest CPU priority
 * (beside the local runs, {@link org.tilemark.tests.lanes.VmLane}).
 */
final class LibvirtTestHosts implements AutoCloseable {

    static final String BRIDGE = "br0";
    /** This machine's port on the lab's switch (kvm-lab.sh's {@code ${LAB}0}). */
    private static final String HARNESS_PORT = "tmlab0";
    private static final Path SETUP = Path.of("setup").toAbsolutePath();
    private static final Path LAB = SETUP.resolve("kvm-lab.sh");

    private final Path dir;
    private final Path image;
    private final Map<String, String> uris = new LinkedHashMap<>();

    private LibvirtTestHosts(Path dir, Path image) {
        this.dir = dir;
        this.image = image;
    }

    /** Brings the lab up afresh under {@code dir}, with {@code image} (a guest image file) as volume of the images pool. */
    static LibvirtTestHosts start(Path dir, Path image) throws IOException, InterruptedException {
        run(List.of("bash", SETUP.resolve("install-vm-tools.sh").toString()));
        LibvirtTestHosts hosts = new LibvirtTestHosts(dir, image);
        hosts.close(); // a lab an earlier (perhaps killed) test run left up
        try {
            String output = run(TestLanes.lowPriority(List.of("bash", LAB.toString(), "up", dir.toString(), image.toString())));
            output.lines().map(line -> line.split(" ")).filter(words -> words.length == 2 && words[0].startsWith("host-"))
                    .forEach(words -> hosts.uris.put(words[0], words[1]));
            if (hosts.uris.size() != 2) {
                throw new IOException("the lab named " + hosts.uris.size() + " hosts, expected 2; its output:\n" + output);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            hosts.close(); // nothing of a lab that did not come up outlives the test
            throw e;
        }
        return hosts;
    }

    Map<String, String> uris() {
        return uris;
    }

    /** The cluster settings selecting this lab, under software emulation, with its image (in pool tilemark-images) as base image. */
    Map<String, String> clusterSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("cluster.platform", "libvirt");
        uris.forEach((name, uri) -> settings.put("cluster.libvirt.hosts." + name, uri));
        settings.put("cluster.libvirt.bridge", BRIDGE);
        // /dev/kvm exists here but a stock kernel cannot use it: QEMU emulates (TCG).
        settings.put("cluster.libvirt.domainType", "qemu");
        settings.put("cluster.libvirt.baseImage.pool", "tilemark-images");
        settings.put("cluster.libvirt.baseImage.volume", image.getFileName().toString());
        // Both hosts see one local directory (no NFS in this kernel): libvirt cannot tell it is shared.
        settings.put("cluster.libvirt.unsafeMigration", "true");
        // The stream to the destination's address on the segment.
        settings.put("cluster.libvirt.migration.uri", "tcp://{address}");
        return settings;
    }

    /** Forces a domain off behind the platform's back, on whichever host runs it (as {@code virsh destroy} would). */
    void destroyDomain(String domain) throws IOException, InterruptedException {
        requireLabUp();
        for (String uri : uris.values()) {
            Process process = new ProcessBuilder("virsh", "-q", "-c", uri, "destroy", domain).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            if (process.waitFor() == 0) {
                return;
            }
        }
        throw new IllegalStateException("no host runs domain " + domain);
    }

    /** The lab host whose libvirt runs {@code domain}. */
    String hostRunning(String domain) throws IOException, InterruptedException {
        for (var host : uris.entrySet()) {
            if (virsh(host.getValue(), "list", "--name").lines().map(String::strip).anyMatch(domain::equals)) {
                return host.getKey();
            }
        }
        throw new IllegalStateException("no host runs domain " + domain);
    }

    /** Takes a host's uplink (its veth into the lab's switch) down or up again: the host drops off the segment. */
    void uplink(String host, boolean up) throws IOException, InterruptedException {
        requireLabUp();
        run(List.of("ip", "netns", "exec", namespace(host), "ip", "link", "set", "uplink", up ? "up" : "down"));
    }

    /** A QEMU monitor (HMP) command to a domain, through the libvirt of the host that runs it. */
    String monitor(String host, String domain, String command) throws IOException, InterruptedException {
        return virsh(uris.get(host), "qemu-monitor-command", "--hmp", domain, command);
    }

    /** A volume's {@code virsh vol-info --bytes} figure ({@code capacity} or {@code allocation}). */
    long volumeBytes(String host, String pool, String volume, String figure) throws IOException, InterruptedException {
        String uri = uris.get(host);
        virsh(uri, "pool-refresh", pool);
        return virsh(uri, "vol-info", "--bytes", "--pool", pool, volume).lines().map(String::strip)
                .filter(line -> line.toLowerCase(java.util.Locale.ROOT).startsWith(figure + ":"))
                .map(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).strip().split("\\s+")[0]))
                .findFirst().orElseThrow(() -> new IOException("virsh vol-info names no " + figure + " of " + volume));
    }

    /** A volume's definition as the host's libvirt gives it ({@code virsh vol-dumpxml}). */
    String volumeXml(String host, String pool, String volume) throws IOException, InterruptedException {
        virsh(uris.get(host), "pool-refresh", pool);
        return virsh(uris.get(host), "vol-dumpxml", "--pool", pool, volume);
    }

    /** kvm-lab.sh's namespace of {@code host-N}. */
    private static String namespace(String host) {
        return System.getenv().getOrDefault("TILEMARK_LAB", "tmlab") + "-h" + host.substring(host.lastIndexOf('-') + 1);
    }

    /** Takes the lab down: no namespace, link, daemon, QEMU process, DHCP server or volume stays (the logs do, under dir/logs). */
    @Override
    public void close() throws IOException, InterruptedException {
        run(List.of("bash", LAB.toString(), "down", dir.toString()));
    }

    /** Every domain defined on either host and every volume in the datastore pools, as {@code host: name}. */
    List<String> domainsAndVolumes() throws IOException, InterruptedException {
        List<String> found = new ArrayList<>();
        for (var host : uris.entrySet()) {
            List<String> listings = new ArrayList<>(List.of(virsh(host.getValue(), "list", "--all", "--name")));
            for (String pool : List.of("tilemark-app", "tilemark-maintenance")) {
                // The pools are one directory: what the other host deleted, this one lists until it rereads it
                // (refused while a volume of the pool is being written: the listing is then the last one).
                try {
                    virsh(host.getValue(), "pool-refresh", pool);
                } catch (IOException busy) {
                    // listed as last read
                }
                listings.add(virsh(host.getValue(), "vol-list", pool));
            }
            for (String listing : listings) {
                listing.lines().map(String::strip).filter(line -> !line.isEmpty())
                        .forEach(line -> found.add(host.getKey() + ": " + line.split("\\s+")[0]));
            }
        }
        return found;
    }

    private static String virsh(String uri, String... arguments) throws IOException, InterruptedException {
        requireLabUp();
        List<String> command = new ArrayList<>(List.of("virsh", "-q", "-c", uri));
        command.addAll(List.of(arguments));
        return run(command);
    }

    /**
     * The lab's addresses are routed to its port only while it is up; once it is down the same addresses
     * would follow this machine's default route, where no lab host is. Nothing is sent then.
     */
    private static void requireLabUp() throws IOException {
        if (!Files.exists(Path.of("/sys/class/net", HARNESS_PORT))) {
            throw new IOException("the KVM lab is down (no link " + HARNESS_PORT + "): not calling its hosts");
        }
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output.strip());
        }
        return output;
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
