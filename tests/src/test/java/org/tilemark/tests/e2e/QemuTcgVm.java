package org.tilemark.tests.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.ReadinessReport;
import org.tilemark.templates.guest.ReadinessConsole;
import org.tilemark.templates.image.NoCloudSeed;
import org.tilemark.tests.lanes.TestLanes;

/**
 * One VM booted from the guest image under QEMU in software emulation (TCG: no usable KVM here): a
 * copy-on-write overlay on the image, its guest config on a NoCloud volume, user networking, the
 * serial console in a file. Like a platform, it learns the guest's ports from the readiness report
 * the guest prints on the console, then forwards a loopback port of this machine to each.
 */
final class QemuTcgVm implements AutoCloseable {

    private final Process qemu;
    private final Path console;
    private final Path monitor;
    private final long startedNanos;

    private QemuTcgVm(Process qemu, Path console, Path monitor, long startedNanos) {
        this.qemu = qemu;
        this.console = console;
        this.monitor = monitor;
        this.startedNanos = startedNanos;
    }

    /**
     * Boots with {@code vcpus} vCPUs (multi-threaded TCG uses a host core per vCPU) and a disk of {@code
     * diskGb} GiB, as a platform sizes them from the role catalog (the disk at least the image's).
     */
    static QemuTcgVm boot(Path image, Path dir, GuestConfig config, int vcpus, int memoryMb, int diskGb)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        // A console left by an earlier run would hand over its readiness report before this VM prints one.
        for (String stale : List.of("disk.qcow2", "seed.iso", "console.log", "qemu.log", "monitor.sock")) {
            Files.deleteIfExists(dir.resolve(stale));
        }
        Path disk = dir.resolve("disk.qcow2");
        run(List.of("qemu-img", "create", "-q", "-f", "qcow2", "-F", "qcow2", "-b", image.toString(), disk.toString(), diskGb + "G"));
        Path seed = dir.resolve("seed.iso");
        NoCloudSeed.write(seed, config);
        Path console = dir.resolve("console.log");
        Path monitor = dir.resolve("monitor.sock");
        long started = System.nanoTime();
        // QEMU's default CPU model (qemu64), as the libvirt platform's emulated domains get. One TCG thread for all vCPUs:
        // a guest JVM with 2 vCPUs died twice of a SIGSEGV at the first instruction of a C1-compiled method under
        // multi-threaded TCG (one vCPU compiles and patches code another runs); 1-vCPU guests never did.
        // At the lowest CPU priority: the VM boots beside the local runs (VmLane).
        Process qemu = new ProcessBuilder(TestLanes.lowPriority(List.of("qemu-system-x86_64", "-machine", "pc",
                "-accel", "tcg,thread=single", "-smp", Integer.toString(vcpus),
                "-m", Integer.toString(memoryMb), "-nodefaults", "-display", "none", "-serial", "file:" + console,
                "-drive", "file=" + disk + ",if=virtio,format=qcow2",
                "-drive", "file=" + seed + ",if=virtio,format=raw,readonly=on",
                "-netdev", "user,id=net0", "-device", "virtio-net-pci,netdev=net0",
                "-monitor", "unix:" + monitor + ",server=on,wait=off")))
                .redirectErrorStream(true).redirectOutput(dir.resolve("qemu.log").toFile()).start();
        return new QemuTcgVm(qemu, console, monitor, started);
    }

    /** Waits for the guest's readiness report on the console: ready or failed, never a hang. */
    ReadinessReport awaitReport(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(console)) {
                Optional<ReadinessReport> report = ReadinessConsole.fromConsole(Files.readString(console, StandardCharsets.ISO_8859_1));
                if (report.isPresent()) {
                    return report.get();
                }
            }
            if (!qemu.isAlive()) {
                throw new IllegalStateException("QEMU exited (" + qemu.exitValue() + ") before the guest reported; console:\n" + consoleTail());
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("no readiness report on the console within " + timeout + "; console:\n" + consoleTail());
    }

    Duration sinceBoot() {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    /** Forwards a free loopback port of this machine to {@code guestPort} and returns it. */
    int forward(int guestPort) throws IOException, InterruptedException {
        int hostPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            hostPort = probe.getLocalPort();
        }
        String reply = monitorCommand("hostfwd_add tcp:127.0.0.1:" + hostPort + "-:" + guestPort);
        if (reply.toLowerCase().contains("could not")) {
            throw new IOException("hostfwd_add failed: " + reply);
        }
        return hostPort;
    }

    String console() throws IOException {
        return Files.exists(console) ? Files.readString(console, StandardCharsets.ISO_8859_1) : "";
    }

    String consoleTail() throws IOException {
        if (!Files.exists(console)) {
            return "(no console output)";
        }
        List<String> lines = Files.readAllLines(console, StandardCharsets.ISO_8859_1);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    private String monitorCommand(String command) throws IOException, InterruptedException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(monitor));
            channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.US_ASCII)));
            Thread.sleep(500);
            channel.configureBlocking(false);
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            channel.read(buffer);
            return new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII);
        }
    }

    @Override
    public void close() throws InterruptedException {
        qemu.destroy();
        if (!qemu.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
            qemu.destroyForcibly().waitFor();
        }
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }
}
