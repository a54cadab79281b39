package org.tilemark.workloads.mail;

import jakarta.mail.Flags;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The mail VM's durable store on its disk, {@code mailstore/}: every message once, as an RFC 822
 * file named by the SHA-256 of its bytes ({@code blobs/ab/abcd....eml}; copies share one file), and
 * one index ({@code index.tsv}) listing every user's folders and, per message, its file, flags and
 * received time. A save writes new message files first and then replaces the index atomically, so a
 * crash leaves either the previous or the new state, never an index naming a missing file.
 */
final class MailStoreFiles {

    /** One line of the index: a folder ({@code blob == null}) or a message in it. */
    record Entry(String user, String folder, String blob, Flags flags, Instant received) {
    }

    private static final String HEADER = "# tilemark mail store v1";
    private static final String SYSTEM_FLAG_LETTERS = "SADFTR";
    private static final Flags.Flag[] SYSTEM_FLAGS = {Flags.Flag.SEEN, Flags.Flag.ANSWERED, Flags.Flag.DELETED,
            Flags.Flag.FLAGGED, Flags.Flag.DRAFT, Flags.Flag.RECENT};

    private final Path root;

    MailStoreFiles(Path root) {
        this.root = root;
    }

    Path root() {
        return root;
    }

    boolean exists() {
        return Files.isRegularFile(index());
    }

    static String blobName(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content)).substring(0, 40);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes a message file unless it is already there. */
    void writeBlob(String name, byte[] content) throws IOException {
        Path file = blob(name);
        if (Files.exists(file)) {
            return;
        }
        Files.createDirectories(file.getParent());
        writeDurably(file, content);
    }

    byte[] readBlob(String name) throws IOException {
        return Files.readAllBytes(blob(name));
    }

    /** The names of all message files on disk. */
    Set<String> blobs() throws IOException {
        Set<String> names = new HashSet<>();
        Path blobs = root.resolve("blobs");
        if (!Files.isDirectory(blobs)) {
            return names;
        }
        try (Stream<Path> files = Files.walk(blobs)) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".eml"))
                    .forEach(n -> names.add(n.substring(0, n.length() - 4)));
        }
        return names;
    }

    void deleteBlob(String name) throws IOException {
        Files.deleteIfExists(blob(name));
    }

    void writeIndex(List<Entry> entries) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (Entry e : entries) {
            if (e.blob() == null) {
                text.append("F\t").append(encode(e.user())).append('\t').append(encode(e.folder())).append('\n');
            } else {
                text.append("M\t").append(encode(e.user())).append('\t').append(encode(e.folder())).append('\t')
                        .append(e.blob()).append('\t').append(flagsText(e.flags())).append('\t')
                        .append(e.received().toEpochMilli()).append('\n');
            }
        }
        Files.createDirectories(root);
        writeDurably(index(), text.toString().getBytes(StandardCharsets.UTF_8));
    }

    List<Entry> readIndex() throws IOException {
        List<String> lines = Files.readAllLines(index(), StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.getFirst().equals(HEADER)) {
            throw new IOException(index() + " is not a tilemark mail store index");
        }
        List<Entry> entries = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t", -1);
            if (f[0].equals("F") && f.length == 3) {
                entries.add(new Entry(decode(f[1]), decode(f[2]), null, null, null));
            } else if (f[0].equals("M") && f.length == 6) {
                entries.add(new Entry(decode(f[1]), decode(f[2]), f[3], parseFlags(f[4]),
                        Instant.ofEpochMilli(Long.parseLong(f[5]))));
            } else {
                throw new IOException(index() + ": malformed line '" + line + "'");
            }
        }
        return entries;
    }

    static String flagsText(Flags flags) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < SYSTEM_FLAGS.length; i++) {
            if (flags.contains(SYSTEM_FLAGS[i])) {
                text.append(SYSTEM_FLAG_LETTERS.charAt(i));
            }
        }
        text.append('|');
        String[] user = flags.getUserFlags();
        for (int i = 0; i < user.length; i++) {
            text.append(i == 0 ? "" : ",").append(encode(user[i]));
        }
        return text.toString();
    }

    static Flags parseFlags(String text) {
        Flags flags = new Flags();
        int bar = text.indexOf('|');
        String system = bar < 0 ? text : text.substring(0, bar);
        for (char letter : system.toCharArray()) {
            int i = SYSTEM_FLAG_LETTERS.indexOf(letter);
            if (i >= 0) {
                flags.add(SYSTEM_FLAGS[i]);
            }
        }
        if (bar >= 0 && bar + 1 < text.length()) {
            for (String user : text.substring(bar + 1).split(",")) {
                flags.add(decode(user));
            }
        }
        return flags;
    }

    private Path index() {
        return root.resolve("index.tsv");
    }

    private Path blob(String name) {
        if (!name.matches("[0-9a-f]{40}")) {
            throw new IllegalArgumentException("not a message file name: " + name);
        }
        return root.resolve("blobs").resolve(name.substring(0, 2)).resolve(name + ".eml");
    }

    /** Write to a temporary file, force it to the device, then rename over the target. */
    private static void writeDurably(Path target, byte[] content) throws IOException {
        Path temp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(content);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new UncheckedIOException(new IOException("malformed name '" + text + "' in the mail store index", e));
        }
    }
}
