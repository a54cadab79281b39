package org.tilemark.workloads.olio.cache;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** One connection to memcached speaking its text protocol (get, set, add, delete, stats). Not thread-safe. */
final class MemcachedConnection implements AutoCloseable {

    private final SocketChannel channel;
    private final InputStream in;
    private final OutputStream out;

    private MemcachedConnection(SocketChannel channel) {
        this.channel = channel;
        this.in = new BufferedInputStream(Channels.newInputStream(channel), 16 * 1024);
        this.out = new BufferedOutputStream(Channels.newOutputStream(channel), 16 * 1024);
    }

    static MemcachedConnection open(Path socket) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return new MemcachedConnection(channel);
    }

    Optional<String> get(String key) throws IOException {
        command("get " + checked(key));
        String line = line();
        if (line.equals("END")) {
            return Optional.empty();
        }
        String[] header = line.split(" ");
        if (header.length < 4 || !header[0].equals("VALUE")) {
            throw new IOException("unexpected answer to get: " + line);
        }
        byte[] data = in.readNBytes(Integer.parseInt(header[3]));
        line(); // the data's CRLF
        String end = line();
        if (!end.equals("END")) {
            throw new IOException("unexpected end of get: " + end);
        }
        return Optional.of(new String(data, StandardCharsets.UTF_8));
    }

    /** {@code set} or {@code add}; true if stored. */
    boolean store(String verb, String key, String value, int ttlSeconds) throws IOException {
        byte[] data = value.getBytes(StandardCharsets.UTF_8);
        out.write((verb + " " + checked(key) + " 0 " + ttlSeconds + " " + data.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(data);
        command("");
        String line = line();
        return switch (line) {
            case "STORED" -> true;
            case "NOT_STORED" -> false;
            default -> throw new IOException("unexpected answer to " + verb + ": " + line);
        };
    }

    void delete(String key) throws IOException {
        command("delete " + checked(key));
        String line = line();
        if (!line.equals("DELETED") && !line.equals("NOT_FOUND")) {
            throw new IOException("unexpected answer to delete: " + line);
        }
    }

    Map<String, String> stats() throws IOException {
        command("stats");
        Map<String, String> stats = new LinkedHashMap<>();
        for (String line = line(); !line.equals("END"); line = line()) {
            String[] parts = line.split(" ", 3);
            if (parts.length != 3 || !parts[0].equals("STAT")) {
                throw new IOException("unexpected stats line: " + line);
            }
            stats.put(parts[1], parts[2]);
        }
        return stats;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private void command(String text) throws IOException {
        out.write((text + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        int previous = -1;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("memcached closed the connection");
            }
            if (previous == '\r' && b == '\n') {
                byte[] bytes = line.toByteArray();
                return new String(bytes, 0, bytes.length - 1, StandardCharsets.US_ASCII);
            }
            line.write(b);
            previous = b;
        }
    }

    /** memcached keys: at most 250 bytes, no spaces or control characters. */
    private static String checked(String key) {
        if (key.isEmpty() || key.length() > 250 || key.chars().anyMatch(c -> c <= ' ' || c > '~')) {
            throw new IllegalArgumentException("not a memcached key: '" + key + "'");
        }
        return key;
    }
}
