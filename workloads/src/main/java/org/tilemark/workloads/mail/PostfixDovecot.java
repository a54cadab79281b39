package org.tilemark.workloads.mail;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.templates.guest.GuestServer;
import org.tilemark.workloads.guest.GuestContext;

/**
 * A serving mail VM with the real server: its own Postfix instance (SMTP) and Dovecot instance (IMAP, LMTP delivery
 * into Maildir) from the Debian packages, both configured from the VM's disk and started and stopped by the guest, so
 * several mail VMs can run on one machine. Ready once both answer with their greeting. Every daemon's command line
 * names a path on the VM's disk ({@code master -c}, {@code dovecot -c}), which is how the local platform finds what a
 * VM left behind; their children end when they do. Needs root (Postfix's master refuses anyone else) and the
 * packages; {@link #unavailable} says why not where it cannot run.
 */
final class PostfixDovecot implements MailGuest {

    static final Path POSTFIX = Path.of("/usr/sbin/postfix");
    static final Path POSTFIX_MASTER = Path.of("/usr/lib/postfix/sbin/master");
    static final Path DOVECOT = Path.of("/usr/sbin/dovecot");
    static final Path UNSHARE = Path.of("/usr/bin/unshare");
    /** Run directories (sockets, pid files, the password file): short paths, as socket names must be. */
    static final Path RUNTIME_ROOT = Path.of("/run/tilemark-mail");
    static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);
    private static final List<Path> NEEDED = List.of(POSTFIX, POSTFIX_MASTER, DOVECOT, Path.of("/usr/lib/dovecot/imap"),
            Path.of("/usr/lib/dovecot/lmtp"), UNSHARE);
    private static final Logger LOG = LoggerFactory.getLogger(PostfixDovecot.class);

    private final Process postfix;
    private final Process dovecot;
    private final Path runtime;
    private final Map<String, Integer> ports;

    private PostfixDovecot(Process postfix, Process dovecot, Path runtime, Map<String, Integer> ports) {
        this.postfix = postfix;
        this.dovecot = dovecot;
        this.runtime = runtime;
        this.ports = ports;
    }

    /** Why Postfix and Dovecot cannot run here, or empty when they can. */
    static Optional<String> unavailable() {
        List<String> missing = NEEDED.stream().filter(p -> !Files.isExecutable(p)).map(Path::toString).toList();
        if (!missing.isEmpty()) {
            return Optional.of("not installed: " + String.join(", ", missing) + " (Debian packages postfix, dovecot-imapd, dovecot-lmtpd)");
        }
        try {
            if (!Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"))) {
                return Optional.of("not root (Postfix's master runs only as root)");
            }
            UserPrincipalLookupService users = Path.of("/").getFileSystem().getUserPrincipalLookupService();
            for (String user : List.of("postfix", "dovecot", Maildirs.MAIL_USER)) {
                users.lookupPrincipalByName(user);
            }
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.of("cannot check the user or system users: " + e.getMessage());
        }
        return Optional.empty();
    }

    static PostfixDovecot start(GuestContext context, int users, String password) throws Exception {
        Path disk = context.disk().toAbsolutePath().normalize();
        String id = HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(disk.toString().getBytes(StandardCharsets.UTF_8))).substring(0, 16);
        Path runtime = RUNTIME_ROOT.resolve(id);
        clearRuntime(runtime);
        Path mountPoint = runtime.resolve("mail");
        Path postfixData = runtime.resolve("postfix-data");
        Files.createDirectories(mountPoint);
        Files.createDirectories(postfixData);
        Files.setOwner(postfixData, postfixData.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postfix"));
        Maildirs maildirs = new Maildirs(Maildirs.root(disk));
        Files.createDirectories(Maildirs.root(disk));
        int owned = maildirs.ownToMailUser();
        String bind = context.bindAddress();
        int smtpPort = freePort(bind);
        int imapPort = freePort(bind);
        DovecotConfig dovecotConfig = new DovecotConfig(disk.resolve("dovecot/dovecot.conf"), runtime, disk.resolve("dovecot/state"),
                mountPoint, runtime.resolve("passwords"), bind, imapPort, "tilemark-" + id);
        dovecotConfig.write();
        dovecotConfig.writePasswords(users, password);
        // Postfix names its log socket by the queue directory's absolute path, and a socket's name has at most 107 bytes:
        // with a VM directory deep in a tree, master exited 1 at start and said why only to syslog. It reaches the queue
        // on the VM's disk through a short link in the run directory.
        Path queue = Files.createSymbolicLink(runtime.resolve("queue"), Files.createDirectories(disk.resolve("postfix/queue")));
        PostfixConfig postfixConfig = new PostfixConfig(disk.resolve("postfix/etc"), queue, postfixData, bind,
                smtpPort, runtime.resolve(DovecotConfig.LMTP_SOCKET), runtime.resolve(DovecotConfig.AUTH_SOCKET), users);
        postfixConfig.write();
        postfixConfig.createQueue();
        Process dovecot = null;
        Process postfix = null;
        try {
            // Its own mount namespace, where the VM's mail directory is mounted on the run directory's mount point;
            // it ends with the last process in it.
            List<String> dovecotCommand = List.of(UNSHARE.toString(), "--mount", "--propagation", "private", "sh", "-c",
                    "mount --bind \"$1\" \"$2\" && exec \"$3\" -F -c \"$4\"", "tilemark-dovecot",
                    Maildirs.root(disk).toString(), mountPoint.toString(), DOVECOT.toString(), dovecotConfig.file().toString());
            dovecot = new ProcessBuilder(dovecotCommand).inheritIO().redirectInput(ProcessBuilder.Redirect.PIPE).start();
            List<String> postfixCommand = List.of(POSTFIX_MASTER.toString(), "-c", postfixConfig.directory().toString(), "-s");
            postfix = new ProcessBuilder(postfixCommand).inheritIO().redirectInput(ProcessBuilder.Redirect.PIPE).start();
            PostfixDovecot server = new PostfixDovecot(postfix, dovecot, runtime, Map.of("smtp", smtpPort, "imap", imapPort));
            server.awaitGreetings(connectAddress(bind), postfixCommand, dovecotCommand);
            LOG.info("mail: Postfix (SMTP {}:{}) and Dovecot (IMAP {}:{}) ready for {} users; {} mailbox entries given to {}",
                    bind, smtpPort, bind, imapPort, users, owned, Maildirs.MAIL_USER);
            return server;
        } catch (Exception | Error e) {
            stop(postfix);
            stop(dovecot);
            clearRuntime(runtime);
            Files.deleteIfExists(runtime);
            throw e;
        }
    }

    private void awaitGreetings(InetAddress address, List<String> postfixCommand, List<String> dovecotCommand) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(READY_TIMEOUT);
        awaitGreeting(address, ports.get("smtp"), "220", postfix, postfixCommand, "Postfix", deadline);
        awaitGreeting(address, ports.get("imap"), "* OK", dovecot, dovecotCommand, "Dovecot", deadline);
    }

    private static void awaitGreeting(InetAddress address, int port, String greeting, Process process, List<String> command,
                                      String name, Instant deadline)
            throws IOException, InterruptedException {
        String last = "no answer";
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IOException(name + " exited with status " + process.exitValue() + " before it served: "
                        + rerun(command));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(address, port), 1000);
                socket.setSoTimeout(5000);
                String line = firstLine(socket.getInputStream());
                if (line.startsWith(greeting)) {
                    return;
                }
                last = "greeting '" + line + "'";
            } catch (IOException e) {
                last = e.getMessage();
            }
            Thread.sleep(100);
        }
        throw new IOException(name + " did not answer on port " + port + " within " + READY_TIMEOUT.toSeconds() + " s (" + last + ")");
    }

    /** Its log went to the console; for the readiness report, runs the same command again for a few seconds and keeps what it says. */
    private static String rerun(List<String> command) {
        try {
            Process again = new ProcessBuilder(command).redirectErrorStream(true).start();
            again.getOutputStream().close();
            if (!again.waitFor(5, TimeUnit.SECONDS)) {
                again.destroy();
            }
            String said = new String(again.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return said.isEmpty() ? "(nothing said; see the console)" : said.lines().reduce((a, b) -> b).orElse(said);
        } catch (IOException | InterruptedException e) {
            return "(see the console)";
        }
    }

    private static String firstLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b >= 0 && b != '\n' && line.length() < 200; b = in.read()) {
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    private static InetAddress connectAddress(String bind) throws IOException {
        return bind.isBlank() || bind.equals("0.0.0.0") ? InetAddress.getLoopbackAddress() : InetAddress.getByName(bind);
    }

    /** A port the bind address has free now; the server binds it a moment later. */
    private static int freePort(String bind) throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, bind.isBlank() ? null : InetAddress.getByName(bind))) {
            return socket.getLocalPort();
        }
    }

    /** Removes what a previous start left in the run directory (a guest that was killed leaves its sockets). */
    private static void clearRuntime(Path runtime) throws IOException {
        if (!Files.isDirectory(runtime)) {
            return;
        }
        List<Path> entries = new ArrayList<>();
        try (var walk = Files.walk(runtime)) {
            walk.forEach(entries::add);
        }
        // Deepest first; the mount point is only ever a mount point inside the dead instance's namespace.
        for (int i = entries.size() - 1; i > 0; i--) {
            Files.deleteIfExists(entries.get(i));
        }
    }

    @Override
    public Optional<GuestServer> server() {
        return Optional.of(MailServerKind.POSTFIX_DOVECOT.server());
    }

    @Override
    public Map<String, Integer> ports() {
        return ports;
    }

    /** Postfix first (no new mail; what it queued stays on the disk and is delivered at the next start), then Dovecot. */
    @Override
    public void close() throws Exception {
        stop(postfix);
        stop(dovecot);
        clearRuntime(runtime);
        Files.deleteIfExists(runtime);
        LOG.info("mail: Postfix and Dovecot stopped");
    }

    private static void stop(Process process) throws InterruptedException {
        if (process == null) {
            return;
        }
        process.destroy();
        if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        }
    }
}
