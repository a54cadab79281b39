package org.tilemark.workloads.mail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One Postfix instance's configuration directory ({@code postfix/etc} on the VM's disk, started as {@code master -c
 * DIR}): SMTP on the VM's bind address and port, submissions only from users who authenticated (SASL through the
 * instance's Dovecot), every {@value MailUsers#DOMAIN} recipient handed to Dovecot's LMTP socket. The queue is on
 * the VM's disk ({@code postfix/queue}): Postfix's cleanup daemon fsyncs a queue file before smtpd answers 250, so an
 * acknowledged message survives a crash and is delivered when the instance starts again. Logs go to the guest's
 * console. Every daemon runs unchrooted (the instance's paths are absolute and outside any chroot).
 */
record PostfixConfig(Path directory, Path queue, Path data, String bind, int smtpPort, Path lmtpSocket, Path authSocket,
                     int users) {

    /** Postfix's daemons, as Debian's master.cf has them, none chrooted; smtp listens where the guest config says. */
    private static final List<String> SERVICES = List.of(
            "pickup    unix  n       -       n       60      1       pickup",
            "cleanup   unix  n       -       n       -       0       cleanup",
            "qmgr      unix  n       -       n       300     1       qmgr",
            "rewrite   unix  -       -       n       -       -       trivial-rewrite",
            "bounce    unix  -       -       n       -       0       bounce",
            "defer     unix  -       -       n       -       0       bounce",
            "trace     unix  -       -       n       -       0       bounce",
            "verify    unix  -       -       n       -       1       verify",
            "flush     unix  n       -       n       1000?   0       flush",
            "proxymap  unix  -       -       n       -       -       proxymap",
            "smtp      unix  -       -       n       -       -       smtp",
            "relay     unix  -       -       n       -       -       smtp",
            "showq     unix  n       -       n       -       -       showq",
            "error     unix  -       -       n       -       -       error",
            "retry     unix  -       -       n       -       -       error",
            "discard   unix  -       -       n       -       -       discard",
            "lmtp      unix  -       -       n       -       -       lmtp",
            "anvil     unix  -       -       n       -       1       anvil",
            "scache    unix  -       -       n       -       1       scache",
            "postlog   unix-dgram n  -       n       -       1       postlogd");

    static final String MAILBOXES_FILE = "mailboxes";

    /** The queue's directories with the owners and modes Postfix's postfix-files gives them (what {@code postfix check} makes). */
    private static final Map<String, String> QUEUE_DIRS = Map.ofEntries(
            Map.entry("active", "postfix:root:rwx------"), Map.entry("bounce", "postfix:root:rwx------"),
            Map.entry("corrupt", "postfix:root:rwx------"), Map.entry("defer", "postfix:root:rwx------"),
            Map.entry("deferred", "postfix:root:rwx------"), Map.entry("flush", "postfix:root:rwx------"),
            Map.entry("hold", "postfix:root:rwx------"), Map.entry("incoming", "postfix:root:rwx------"),
            Map.entry("private", "postfix:root:rwx------"), Map.entry("saved", "postfix:root:rwx------"),
            Map.entry("trace", "postfix:root:rwx------"), Map.entry("maildrop", "postfix:postdrop:rwx-wx---"),
            Map.entry("public", "postfix:postdrop:rwx--x---"), Map.entry("pid", "root:root:rwxr-xr-x"));

    /** Creates the queue's directories (kept on the disk with what they hold) and gives them Postfix's owners and modes. */
    void createQueue() throws IOException {
        UserPrincipalLookupService lookup = queue.getFileSystem().getUserPrincipalLookupService();
        Files.createDirectories(queue);
        for (Map.Entry<String, String> dir : QUEUE_DIRS.entrySet()) {
            String[] ownerGroupMode = dir.getValue().split(":");
            Path path = Files.createDirectories(queue.resolve(dir.getKey()));
            PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
            view.setOwner(lookup.lookupPrincipalByName(ownerGroupMode[0]));
            view.setGroup(lookup.lookupPrincipalByGroupName(ownerGroupMode[1]));
            view.setPermissions(PosixFilePermissions.fromString(ownerGroupMode[2]));
        }
    }

    void write() throws IOException {
        Files.createDirectories(directory);
        Files.createDirectories(queue);
        Files.writeString(directory.resolve("main.cf"), mainCf());
        Files.writeString(directory.resolve("master.cf"), masterCf());
        Files.writeString(directory.resolve(MAILBOXES_FILE), IntStream.rangeClosed(1, users)
                .mapToObj(u -> MailUsers.address(u) + " OK\n").collect(Collectors.joining()));
    }

    private boolean wildcard() {
        return bind.equals("0.0.0.0") || bind.equals("::") || bind.isBlank();
    }

    String mainCf() {
        return String.join("\n",
                "# Written by the Tilemark mail guest at every start; edits are lost.",
                "compatibility_level = 3.6",
                "queue_directory = " + queue,
                "data_directory = " + data,
                "mail_owner = postfix",
                "myhostname = mail." + MailUsers.DOMAIN,
                "mydomain = " + MailUsers.DOMAIN,
                "myorigin = " + MailUsers.DOMAIN,
                "mydestination =",
                "inet_interfaces = " + (wildcard() ? "all" : bind),
                "inet_protocols = " + (bind.contains(":") ? "all" : "ipv4"),
                "mynetworks =",
                "alias_maps =",
                "alias_database =",
                "biff = no",
                "maillog_file = /dev/stdout",
                "smtpd_banner = $myhostname ESMTP Postfix",
                "virtual_mailbox_domains = " + MailUsers.DOMAIN,
                "virtual_mailbox_maps = texthash:" + directory.resolve(MAILBOXES_FILE),
                "virtual_transport = lmtp:unix:" + lmtpSocket,
                "smtpd_sasl_auth_enable = yes",
                "smtpd_sasl_type = dovecot",
                "smtpd_sasl_path = " + authSocket,
                "smtpd_relay_restrictions = permit_sasl_authenticated, reject",
                "smtpd_recipient_restrictions = permit_sasl_authenticated, reject",
                // A delivery Dovecot could not take (it was restarting) is tried again within seconds, not minutes.
                "queue_run_delay = 5s",
                "minimal_backoff_time = 5s",
                "maximal_backoff_time = 60s",
                "");
    }

    String masterCf() {
        String listen = (wildcard() ? "" : (bind.contains(":") ? "[" + bind + "]" : bind) + ":") + smtpPort;
        return "# Written by the Tilemark mail guest at every start; edits are lost.\n"
                + listen + " inet n - n - - smtpd\n" + String.join("\n", SERVICES) + "\n";
    }
}
