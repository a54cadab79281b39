package org.tilemark.workloads.mail;

import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Instant;
import java.util.stream.Stream;

/**
 * The real server's mailboxes on the VM's disk, {@code mail/<login>/Maildir}, in the Maildir++ layout Dovecot
 * reads ({@code cur/}, {@code new/}, {@code tmp/}; a folder is a {@code .Name} directory with a
 * {@code maildirfolder} file). Seeding writes each message to {@code tmp/} and renames it into {@code cur/}
 * with its flags in the name and its received time as the file's modification time, as a Maildir delivery
 * does; Dovecot assigns UIDs and builds its indexes on first access.
 */
final class Maildirs implements SeedMail.Sink {

    /** The Debian system user Dovecot's mail processes run as (Dovecot refuses root for mail access). */
    static final String MAIL_USER = "mail";

    private final Path root;
    private long sequence;

    Maildirs(Path root) {
        this.root = root;
    }

    static Path root(Path disk) {
        return disk.resolve("mail");
    }

    boolean exists() {
        return Files.isDirectory(root);
    }

    Path maildir(String login, String folder) {
        Path maildir = root.resolve(login).resolve("Maildir");
        return SeedMail.INBOX.equals(folder) ? maildir : maildir.resolve("." + folder);
    }

    @Override
    public void folder(String login, String folder) throws IOException {
        Path dir = maildir(login, folder);
        for (String sub : new String[]{"cur", "new", "tmp"}) {
            Files.createDirectories(dir.resolve(sub));
        }
        if (!SeedMail.INBOX.equals(folder)) {
            Files.write(dir.resolve("maildirfolder"), new byte[0]);
        }
    }

    @Override
    public long message(String login, String folder, MimeMessage message, boolean seen, Instant received) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(1024, message.getSize()));
        message.writeTo(out);
        byte[] content = out.toByteArray();
        Path dir = maildir(login, folder);
        // S= and W= (the size with CRLF line ends, IMAP's RFC822.SIZE) as Dovecot's own deliveries name them: it
        // then need not read a file to answer for its size.
        String base = received.getEpochSecond() + ".M" + (sequence++) + "P0.tilemark-seed,S=" + content.length
                + ",W=" + virtualSize(content);
        Path tmp = dir.resolve("tmp").resolve(base);
        Files.write(tmp, content);
        Files.setLastModifiedTime(tmp, FileTime.from(received));
        Files.move(tmp, dir.resolve("cur").resolve(base + ":2," + (seen ? "S" : "")), StandardCopyOption.ATOMIC_MOVE);
        return content.length;
    }

    /** The message's size with every bare LF counted as CRLF. */
    static long virtualSize(byte[] content) {
        long size = content.length;
        for (int i = 0; i < content.length; i++) {
            if (content[i] == '\n' && (i == 0 || content[i - 1] != '\r')) {
                size++;
            }
        }
        return size;
    }

    /**
     * Gives every file of the mailboxes to {@link #MAIL_USER}: a template's disk is copied per VM by whoever
     * runs the platform, and Dovecot's mail processes run as that user. Returns the entries changed.
     */
    int ownToMailUser() throws IOException {
        UserPrincipalLookupService lookup = root.getFileSystem().getUserPrincipalLookupService();
        UserPrincipal user = lookup.lookupPrincipalByName(MAIL_USER);
        GroupPrincipal group = lookup.lookupPrincipalByGroupName(MAIL_USER);
        int changed = 0;
        try (Stream<Path> entries = Files.walk(root)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                PosixFileAttributeView view = Files.getFileAttributeView(entry, PosixFileAttributeView.class);
                if (!view.getOwner().equals(user) || !view.readAttributes().group().equals(group)) {
                    view.setOwner(user);
                    view.setGroup(group);
                    changed++;
                }
            }
        }
        return changed;
    }
}
