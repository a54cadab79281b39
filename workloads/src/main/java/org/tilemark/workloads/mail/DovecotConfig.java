package org.tilemark.workloads.mail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * One Dovecot instance's configuration ({@code dovecot/dovecot.conf} on the VM's disk, started as {@code dovecot -F -c
 * FILE}): IMAP on the VM's bind address and port, LMTP and the SASL socket for its Postfix in the instance's run
 * directory ({@code base_dir}), Maildir mailboxes under {@code mailRoot} (the VM's {@code mail/} directory, mounted
 * there in the instance's own mount namespace: Dovecot's mail processes run as {@value Maildirs#MAIL_USER}, who may
 * not be able to reach the VM's directory through its parents). {@code mail_fsync = optimized}: a delivered message
 * file is fsynced before LMTP answers 250 to Postfix, which removes its queue file only then. Users log in with
 * {@code PLAIN} or {@code LOGIN} without TLS, as GreenMail took them (benchmark traffic on the tile's network).
 */
record DovecotConfig(Path file, Path runtime, Path stateDir, Path mailRoot, Path passwords, String bind, int imapPort,
                     String instanceName) {

    static final String LMTP_SOCKET = "lmtp";
    static final String AUTH_SOCKET = "auth-postfix";

    void write() throws IOException {
        Files.createDirectories(file.getParent());
        Files.createDirectories(stateDir);
        Files.writeString(file, conf());
    }

    String conf() {
        String listen = bind.isBlank() || bind.equals("0.0.0.0") ? "*" : bind;
        return String.join("\n",
                "# Written by the Tilemark mail guest at every start; edits are lost.",
                "instance_name = " + instanceName,
                "base_dir = " + runtime,
                "state_dir = " + stateDir,
                "protocols = imap lmtp",
                "listen = " + listen,
                "log_path = /dev/stderr",
                "info_log_path = /dev/null",
                "ssl = no",
                "disable_plaintext_auth = no",
                "auth_mechanisms = plain login",
                "auth_username_format = %Ln",
                "mail_uid = " + Maildirs.MAIL_USER,
                "mail_gid = " + Maildirs.MAIL_USER,
                "first_valid_uid = 1",
                "first_valid_gid = 1",
                "mail_location = maildir:~/Maildir",
                "mail_fsync = optimized",
                "passdb {",
                "  driver = passwd-file",
                "  args = " + passwords,
                "}",
                "userdb {",
                "  driver = static",
                "  args = home=" + mailRoot + "/%n allow_all_users=yes",
                "}",
                "service imap-login {",
                "  inet_listener imap {",
                "    address = " + listen,
                "    port = " + imapPort,
                "  }",
                "}",
                "service lmtp {",
                "  unix_listener " + LMTP_SOCKET + " {",
                "    mode = 0600",
                "    user = postfix",
                "  }",
                "}",
                "service auth {",
                "  unix_listener " + AUTH_SOCKET + " {",
                "    mode = 0600",
                "    user = postfix",
                "  }",
                "}",
                "");
    }

    /**
     * The users' password file in the run directory (memory, not the VM's disk), salted SHA-512 ({@code {SSHA512}}),
     * readable by Dovecot's auth process only; the password itself is written nowhere.
     */
    void writePasswords(int users, String password) throws IOException {
        String hash = ssha512(password);
        String lines = IntStream.rangeClosed(1, users).mapToObj(u -> MailUsers.login(u) + ":" + hash + "\n").collect(Collectors.joining());
        Files.deleteIfExists(passwords);
        Files.createFile(passwords, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(passwords, lines);
        Files.setOwner(passwords, passwords.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("dovecot"));
    }

    static String ssha512(String password) {
        byte[] salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-512");
            digest.update(password.getBytes(StandardCharsets.UTF_8));
            digest.update(salt);
            byte[] hash = digest.digest();
            byte[] both = new byte[hash.length + salt.length];
            System.arraycopy(hash, 0, both, 0, hash.length);
            System.arraycopy(salt, 0, both, hash.length, salt.length);
            return "{SSHA512}" + Base64.getEncoder().encodeToString(both);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
