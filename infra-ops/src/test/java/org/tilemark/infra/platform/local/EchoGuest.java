package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.ReadinessReport;

/**
 * A tiny guest for {@link LocalPlatformTest}, taking the guest executable's arguments: {@code
 * --build-template} writes a disk file and exits 0; otherwise it reads its guest config and serves a
 * TCP echo on its bind address (greeting with its VM name), announcing its port and pid in its
 * readiness report, or, given the setting {@value #FAIL}, reports that reason as its failure and exits.
 * It exits when its stdin closes, so a crashed test JVM leaves no guest.
 */
public final class EchoGuest {

    static final String DISK_FILE = "data.bin";
    static final byte[] DISK_CONTENT = "template disk contents".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    static final String FAIL = "echo.fail";
    /** A setting: a file the guest writes when it shuts down in order (on SIGTERM), as a database checkpoints. */
    static final String SHUTDOWN_MARKER = "echo.shutdownMarker";
    /** A setting: bytes the guest writes to a file on its disk and syncs before it reports ready. */
    static final String WRITE_BYTES = "echo.writeBytes";

    private EchoGuest() {
    }

    public static void main(String[] args) throws Exception {
        List<String> arguments = List.of(args);
        Path disk = Path.of(arguments.get(arguments.indexOf("--disk") + 1));
        Path report = Path.of(arguments.get(arguments.indexOf("--report") + 1));
        if (arguments.contains("--build-template")) {
            Files.createDirectories(disk);
            Files.write(disk.resolve(DISK_FILE), DISK_CONTENT);
            System.exit(0);
        }
        GuestConfig config = GuestDocumentFile.CONFIG.read(Path.of(arguments.get(arguments.indexOf("--config") + 1)));
        long pid = ProcessHandle.current().pid();
        if (config.settings().containsKey(FAIL)) {
            GuestDocumentFile.READINESS.write(report, ReadinessReport.failed(config.vmName(), config.role(), config.settings().get(FAIL), pid));
            System.exit(1);
        }
        if (config.settings().containsKey(WRITE_BYTES)) {
            try (var out = new java.io.FileOutputStream(disk.resolve("written.bin").toFile())) {
                out.write(new byte[Integer.parseInt(config.settings().get(WRITE_BYTES))]);
                out.getFD().sync();
            }
        }
        if (config.settings().containsKey(SHUTDOWN_MARKER)) {
            Path marker = Path.of(config.settings().get(SHUTDOWN_MARKER));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    Files.writeString(marker, config.vmName());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }));
        }
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getByName(config.bindAddress()));
        Thread.ofPlatform().daemon().start(() -> acceptLoop(server, config.vmName()));
        GuestDocumentFile.READINESS.write(report, ReadinessReport.ready(config.vmName(), config.role(),
                Map.of("main", server.getLocalPort()), pid));
        System.out.println("echo guest " + config.vmName() + " serving on " + server.getLocalPort());
        while (System.in.read() >= 0) {
            // wait for the launcher's end of the pipe to close
        }
        System.exit(0);
    }

    private static void acceptLoop(ServerSocket server, String name) {
        while (true) {
            try {
                Socket client = server.accept();
                Thread.ofVirtual().start(() -> EchoServer.serve(client, name + "\n"));
            } catch (IOException e) {
                return;
            }
        }
    }
}
