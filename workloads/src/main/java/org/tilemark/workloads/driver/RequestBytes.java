package org.tilemark.workloads.driver;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;

/** A request's bytes, built in one reused buffer and written with one call. */
final class RequestBytes {
    private static final byte[] CRLF = {'\r', '\n'};

    private byte[] bytes = new byte[1024];
    private int length;
    private ByteBuffer direct = ByteBuffer.allocateDirect(1024);

    void start(String method, String target, byte[] hostHeader) {
        length = 0;
        ascii(method);
        add((byte) ' ');
        ascii(target);
        ascii(" HTTP/1.1\r\n");
        add(hostHeader, 0, hostHeader.length);
    }

    void end(String contentType, byte[] content) {
        if (content != null) {
            ascii("Content-Type: ");
            ascii(contentType);
            add(CRLF, 0, 2);
            ascii("Content-Length: ");
            ascii(Integer.toString(content.length));
            add(CRLF, 0, 2);
        }
        add(CRLF, 0, 2);
        if (content != null) {
            add(content, 0, content.length);
        }
    }

    /** Writes the request through a direct buffer of its own (a heap buffer would go through the JDK's temporary ones). */
    void writeTo(WritableByteChannel channel) throws IOException {
        if (direct.capacity() < length) {
            direct = ByteBuffer.allocateDirect(Math.max(length, direct.capacity() * 2));
        }
        direct.clear();
        direct.put(bytes, 0, length).flip();
        while (direct.hasRemaining()) {
            channel.write(direct);
        }
    }

    void ascii(String s) {
        int n = s.length();
        ensure(length + n);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            bytes[length++] = c < 0x80 ? (byte) c : (byte) '?';
        }
    }

    private void add(byte b) {
        ensure(length + 1);
        bytes[length++] = b;
    }

    private void add(byte[] b, int offset, int n) {
        ensure(length + n);
        System.arraycopy(b, offset, bytes, length, n);
        length += n;
    }

    private void ensure(int capacity) {
        if (bytes.length < capacity) {
            bytes = Arrays.copyOf(bytes, Math.max(capacity, bytes.length * 2));
        }
    }
}
