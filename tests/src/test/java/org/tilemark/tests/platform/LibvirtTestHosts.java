package org.tilemark.tests.platform;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tilemark.tests.lanes.TestLanes;

/**
 * Two libvirt daemons on this machine acting as two hosts of one cluster (see
 * {@code tests/setup/libvirt-test-host.sh}): each with its own host UUID, TCP port and mount namespace,
 * both seeing the same two pool directories ({@code tilemark-app}, {@code tilemark-maintenance}), the
 * pool holding the guest image ({@code tilemark-images}) and one network {@code tilemark} on one bridge:
 * host-1 runs its DHCP server, host-2 joins the bridge. Set up with virsh (test setup only; the
 * platform itself talks to libvirt through its API).
 */
final class LibvirtTestHosts implements AutoCloseable {

    static final String NETWORK = "tilemark";
    private static final String BRIDGE = "tmbr0";
    private static final String SUBNET = "10.77.0";
    private static final int FIRST_PORT = 16611;
    private static final Path SETUP = Path.of("setup").toAbsolutePath();

    private final Path dir;
    private final Path image;
    private final Map<String, String> uris = new LinkedHashMap<>();

    private LibvirtTestHosts(Path dir, Path image) {
        this.dir = dir;
        this.image = image;
    }

    /** Starts the pair afresh under {@code dir}, with {@code image} (a guest image file) as volume of the images pool. */
    static LibvirtTestHosts start(Path dir, Path image) throws IOException, InterruptedException {
        run(List.of("bash", SETUP.resolve("install-vm-tools.sh").toString()));
        LibvirtTestHosts hosts = new LibvirtTestHosts(dir, image);
        hosts.stopLeftovers();
        try {
            hosts.startDaemons(dir, image);
        } catch (IOException | InterruptedException | RuntimeException e) {
            hosts.close(); // daemons started before the failure do not outlive the test
            throw e;
        }
        return hosts;
    }

    private void startDaemons(Path dir, Path image) throws IOException, InterruptedException {
        for (int i = 1; i <= 2; i++) {
            String name = "host-" + i;
            int port = FIRST_PORT + i - 1;
            Path hostDir = dir.resolve(name);
            deleteTree(hostDir);
            Files.createDirectories(hostDir);
            // The daemon, and the QEMU processes it starts, at the lowest CPU priority: beside the local runs (VmLane).
            new ProcessBuilder(TestLanes.lowPriority(List.of("bash", SETUP.resolve("libvirt-test-host.sh").toString(),
                    hostDir.toString(), "%08d-0000-4000-8000-%012d".formatted(i, i), Integer.toString(port))))
                    .redirectErrorStream(true).redirectOutput(hostDir.resolve("daemon.out").toFile()).start();
            awaitPort(port, hostDir);
            uris.put(name, "qemu+tcp://127.0.0.1:" + port + "/system");
        }
        // A fresh pair: nothing an earlier (perhaps crashed) start left in its pools.
        deleteTree(dir.resolve("pools"));
        for (String pool : List.of("tilemark-app", "tilemark-maintenance")) {
            Files.createDirectories(dir.resolve("pools").resolve(pool));
        }
        for (String uri : uris.values()) {
            for (String pool : List.of("tilemark-app", "tilemark-maintenance")) {
                virsh(uri, "pool-create-as", pool, "dir", "--target", dir.resolve("pools").resolve(pool).toString());
            }
            virsh(uri, "pool-create-as", "tilemark-images", "dir", "--target", image.toAbsolutePath().getParent().toString());
        }
        Path dhcp = dir.resolve("network-dhcp.xml");
        Files.writeString(dhcp, "<network><name>" + NETWORK + "</name><bridge name='" + BRIDGE + "' stp='off'/><ip address='" + SUBNET
                + ".1' netmask='255.255.255.0'><dhcp><range start='" + SUBNET + ".10' end='" + SUBNET + ".250'/></dhcp></ip></network>");
        Path joined = dir.resolve("network-bridge.xml");
        Files.writeString(joined, "<network><name>" + NETWORK + "</name><forward mode='bridge'/><bridge name='" + BRIDGE + "'/></network>");
        List<String> all = new ArrayList<>(uris.values());
        virsh(all.get(0), "net-create", dhcp.toString());
        virsh(all.get(1), "net-create", joined.toString());
    }

    Map<String, String> uris() {
        return uris;
    }

    /** The cluster settings selecting this pair, under software emulation, with its image (in pool tilemark-images) as base image. */
    Map<String, String> clusterSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("cluster.platform", "libvirt");
        uris.forEach((name, uri) -> settings.put("cluster.libvirt.hosts." + name, uri));
        settings.put("cluster.libvirt.network", NETWORK);
        // /dev/kvm exists here but a stock kernel cannot use it: QEMU emulates (TCG).
        settings.put("cluster.libvirt.domainType", "qemu");
        settings.put("cluster.libvirt.baseImage.pool", "tilemark-images");
        settings.put("cluster.libvirt.baseImage.volume", image.getFileName().toString());
        // Both daemons see one local directory: libvirt cannot tell it is shared.
        settings.put("cluster.libvirt.unsafeMigration", "true");
        return settings;
    }

    /** Forces a domain off behind the platform's back, on whichever host runs it (as {@code virsh destroy} would). */
    void destroyDomain(String domain) throws IOException, InterruptedException {
        for (String uri : uris.values()) {
            Process process = new ProcessBuilder("virsh", "-q", "-c", uri, "destroy", domain).redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            if (process.waitFor() == 0) {
                return;
            }
        }
        throw new IllegalStateException("no host runs domain " + domain);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        for (String uri : uris.values()) {
            // Stops the network's dnsmasq, which would otherwise outlive its daemon and hold the bridge address.
            new ProcessBuilder("virsh", "-q", "-c", uri, "net-destroy", NETWORK).redirectErrorStream(true).start().waitFor();
        }
        stopLeftovers();
    }

    /** Daemons (and their VMs' QEMU processes) of an earlier start of this pair that did not stop. */
    private void stopLeftovers() throws IOException, InterruptedException {
        for (int i = 1; i <= 2; i++) {
            Path hostDir = dir.resolve("host-" + i);
            for (Path pidFile : pidFiles(hostDir)) {
                String content;
                try {
                    content = Files.readString(pidFile).strip();
                } catch (java.nio.file.NoSuchFileException gone) {
                    continue; // its process removed it while stopping
                }
                if (content.isEmpty()) {
                    continue;
                }
                long pid = Long.parseLong(content);
                ProcessHandle.of(pid).ifPresent(LibvirtTestHosts::stop);
                Files.deleteIfExists(pidFile);
            }
        }
        // The network's dnsmasq of a pair whose test run was killed (its own directory is gone with its
        // clone, so no pid file above names it) still holds the bridge address: it is this test's network.
        String conf = "/var/lib/libvirt/dnsmasq/" + NETWORK + ".conf";
        ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(line -> line.contains("dnsmasq") && line.contains(conf))
                .orElse(false)).forEach(LibvirtTestHosts::stop);
        new ProcessBuilder("ip", "link", "del", BRIDGE).redirectErrorStream(true).start().waitFor();
    }

    private static void stop(ProcessHandle process) {
        process.destroy();
        process.onExit().orTimeout(20, java.util.concurrent.TimeUnit.SECONDS).exceptionally(e -> {
            process.destroyForcibly();
            return process;
        }).join();
    }

    /** The daemon's, its networks' dnsmasq and its domains' QEMU pid files. */
    private static List<Path> pidFiles(Path hostDir) throws IOException {
        List<Path> found = new ArrayList<>();
        for (Path sub : List.of(hostDir.resolve("state/qemu"), hostDir.resolve("state/network"), hostDir.resolve("run"))) {
            if (Files.isDirectory(sub)) {
                try (var files = Files.list(sub)) {
                    files.filter(f -> f.toString().endsWith(".pid")).forEach(found::add);
                }
            }
        }
        return found;
    }

    private static void awaitPort(int port, Path hostDir) throws IOException, InterruptedException {
        for (int attempt = 0; attempt < 60; attempt++) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                Thread.sleep(500);
            }
        }
        throw new IOException("libvirtd did not listen on port " + port + "; its output:\n"
                + Files.readString(hostDir.resolve("daemon.out")) + "\nlog:\n" + readIfExists(hostDir.resolve("log/libvirtd.log")));
    }

    private static String readIfExists(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file) : "(none)";
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
        List<String> command = new ArrayList<>(List.of("virsh", "-q", "-c", uri));
        command.addAll(List.of(arguments));
        return run(command);
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
