package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * A tiny guest for {@link LocalPlatformTest}: {@code --build-template} writes a disk file and exits
 * 0; otherwise it serves a TCP echo on 127.0.0.1 (greeting with its VM name) and announces its port
 * and pid in {@code guest.json}. It exits when its stdin closes, so a crashed test JVM leaves no guest.
 */
public final class EchoGuest {

    static final String DISK_FILE = "data.bin";
    static final byte[] DISK_CONTENT = "template disk contents".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private EchoGuest() {
    }

    public static void main(String[] args) throws Exception {
        List<String> arguments = List.of(args);
        Path vmDir = Path.of(arguments.get(arguments.indexOf("--vm-dir") + 1));
        if (arguments.contains("--build-template")) {
            Files.createDirectories(vmDir.resolve("disk"));
            Files.write(vmDir.resolve("disk").resolve(DISK_FILE), DISK_CONTENT);
            System.exit(0);
        }
        String name = System.getProperty("tilemark.vm", "guest");
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"));
        Thread.ofPlatform().daemon().start(() -> acceptLoop(server, name));
        // Written whole, then moved, so the platform never reads half a file.
        Path temp = vmDir.resolve("guest.json.tmp");
        Files.writeString(temp, "{\"port\":" + server.getLocalPort() + ",\"ports\":{\"main\":" + server.getLocalPort() + "},\"pid\":" + ProcessHandle.current().pid() + "}");
        Files.move(temp, vmDir.resolve("guest.json"), StandardCopyOption.ATOMIC_MOVE);
        System.out.println("echo guest " + name + " serving on " + server.getLocalPort());
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
