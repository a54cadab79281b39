package org.tilemark.workloads.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;

/**
 * The real mail server as any mail client sees it: Python's smtplib sends, Python's imaplib reads, and a message the
 * server acknowledged survives a {@code kill -9} of every Postfix and Dovecot process of the VM.
 */
class PostfixDovecotTest {

    private static final String PASSWORD = "Real-Mail-Pw-5";
    private static final int MESSAGES = 25;
    /** Sends each message to user0002 with its token in the subject, printing "ACK token" after each 250. */
    private static final String SEND = String.join("\n",
            "import os, smtplib, sys",
            "port, n, prefix = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]",
            "with smtplib.SMTP('127.0.0.1', port) as s:",
            "    s.login('user0001', os.environ['MAIL_PW'])",
            "    for i in range(n):",
            "        token = '%s%03d' % (prefix, i)",
            "        s.sendmail('user0001@tilemark.test', ['user0002@tilemark.test'],",
            "                   'From: user0001@tilemark.test\\r\\nTo: user0002@tilemark.test\\r\\nSubject: kill test ' + token + '\\r\\n\\r\\nbody ' + token + '\\r\\n')",
            "        print('ACK', token, flush=True)",
            "");
    /** Prints "FOUND token" for each token argument found in user0002's INBOX. */
    private static final String READ = String.join("\n",
            "import imaplib, os, sys",
            "m = imaplib.IMAP4('127.0.0.1', int(sys.argv[1]))",
            "m.login('user0002', os.environ['MAIL_PW'])",
            "m.select('INBOX', readonly=True)",
            "for token in sys.argv[2:]:",
            "    typ, data = m.search(None, 'SUBJECT', token)",
            "    if typ == 'OK' and data[0].split():",
            "        typ, body = m.fetch(data[0].split()[0], '(BODY.PEEK[TEXT])')",
            "        if token.encode() in body[0][1]:",
            "            print('FOUND', token, flush=True)",
            "m.logout()",
            "");

    @TempDir
    Path dir;

    @Test
    void pythonClientsSendAndReadAndAcknowledgedMailSurvivesKillNine() throws Exception {
        assumeThat(PostfixDovecot.unavailable()).as("Postfix and Dovecot runnable here").isEmpty();
        // As deep as a VM's disk in an end-to-end test's tree: the queue's log socket's absolute path is then longer
        // than a socket name may be (107 bytes), which made master exit 1 at start before Postfix reached its queue
        // through a short link.
        Path disk = dir.resolve("datastores-of-a-test-class/app/20261128-011753-ef2d/tile1-mail/disk");
        assertThat(disk.resolve("postfix/queue/public/postlog").toString().length()).isGreaterThan(107);
        GuestContext context = new GuestContext(disk, Map.of("mail.users", "3", "mail.seed", "9", "mail.messagesPerMailbox", "5",
                MailServerKind.SETTING, MailServerKind.POSTFIX_DOVECOT.key()), Map.of(MailRole.PASSWORD_ENV, PASSWORD));
        MailRole role = new MailRole();
        role.buildTemplate(context);
        String prefix = "k" + Long.toHexString(new SplittableRandom().nextLong() >>> 16);

        try {
            killAndRestart(context, role, disk, prefix);
        } finally {
            // Daemons left by a failed assertion would hold this JVM's output open, and the build would wait for them.
            serverProcesses(disk).forEach(p -> {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            });
        }
    }

    private static void killAndRestart(GuestContext context, MailRole role, Path disk, String prefix) throws Exception {
        RunningGuest guest = role.start(context);
        List<ProcessHandle> servers = serverProcesses(disk);
        List<ProcessHandle> children = servers.stream().flatMap(ProcessHandle::descendants).toList();
        assertThat(servers).as("Postfix's master and Dovecot, found by the disk path on their command lines").hasSize(2);
        List<String> acknowledged = python(SEND, guest.ports().get("smtp"), List.of(Integer.toString(MESSAGES), prefix), "ACK");
        // At once after the last 250: no grace for a queue flush or a delivery to finish.
        servers.forEach(ProcessHandle::destroyForcibly);
        awaitGone(servers);
        awaitGone(children);
        assertThat(children.stream().filter(ProcessHandle::isAlive)).as("no daemon outlives its master").isEmpty();
        guest.close(); // what the guest does when it stops: its daemons are already gone
        assertThat(acknowledged).hasSize(MESSAGES);

        try (RunningGuest restarted = role.start(context)) {
            List<String> found = awaitFound(restarted.ports().get("imap"), acknowledged);
            System.out.printf("real mail server: %d messages acknowledged by SMTP, Postfix and Dovecot killed (-9) at once "
                    + "(%d processes), %d of them in the mailbox after the restart%n", acknowledged.size(),
                    servers.size() + children.size(), found.size());
            assertThat(found).containsExactlyInAnyOrderElementsOf(acknowledged);
        }
        assertThat(serverProcesses(disk)).as("a clean stop leaves no process").isEmpty();
    }

    private static List<String> awaitFound(int imapPort, List<String> tokens) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        List<String> found = python(READ, imapPort, tokens, "FOUND");
        while (found.size() < tokens.size() && System.nanoTime() < deadline) {
            Thread.sleep(500);
            found = python(READ, imapPort, tokens, "FOUND");
        }
        return found;
    }

    /** Runs the script with python3 (the password in its environment, never on a command line); the tokens it printed after {@code tag}. */
    private static List<String> python(String script, int port, List<String> args, String tag) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", "-c", script, Integer.toString(port)));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("MAIL_PW", PASSWORD);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("python3: %s", output).isZero();
        return output.lines().filter(l -> l.startsWith(tag + " ")).map(l -> l.substring(tag.length() + 1).strip()).toList();
    }

    /**
     * Every process whose command line names the disk (what the local platform's sweep finds of a VM), but for one
     * whose parent does too: a daemon's child between its fork and its exec still shows the daemon's command line
     * (postlogd, forked by Postfix's master, was once counted as a third server).
     */
    static List<ProcessHandle> serverProcesses(Path disk) {
        String tag = disk.toAbsolutePath().normalize().toString();
        List<ProcessHandle> named = ProcessHandle.allProcesses().filter(p -> commandLine(p).map(c -> c.contains(tag)).orElse(false)).toList();
        return named.stream().filter(p -> p.parent().filter(named::contains).isEmpty()).toList();
    }

    private static Optional<String> commandLine(ProcessHandle process) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline"));
            return Optional.of(new String(raw, StandardCharsets.UTF_8).replace('\0', ' '));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static void awaitGone(List<ProcessHandle> processes) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (processes.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }
}
