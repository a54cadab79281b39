package org.tilemark.workloads.guest.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Formats rows in PostgreSQL's COPY text format (tab separated, {@code \N} for null) into a
 * buffer and hands full chunks to a sink, so a table streams to the server without being held in
 * memory.
 */
public final class CopyTextWriter {

    /** Where formatted chunks go (the COPY stream, or a byte array in tests). */
    public interface ChunkSink {
        void write(byte[] buffer, int length) throws IOException;
    }

    private static final int CHUNK_BYTES = 256 * 1024;

    private final ChunkSink sink;
    private final byte[] buffer = new byte[CHUNK_BYTES];
    private int length;
    private boolean rowStarted;
    private long rows;

    public CopyTextWriter(ChunkSink sink) {
        this.sink = sink;
    }

    public CopyTextWriter add(long value) {
        separate();
        String text = Long.toString(value);
        for (int i = 0; i < text.length(); i++) {
            put((byte) text.charAt(i));
        }
        return this;
    }

    public CopyTextWriter add(String value) {
        if (value == null) {
            return addNull();
        }
        separate();
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        for (byte b : bytes) {
            switch (b) {
                case '\\' -> { put((byte) '\\'); put((byte) '\\'); }
                case '\t' -> { put((byte) '\\'); put((byte) 't'); }
                case '\n' -> { put((byte) '\\'); put((byte) 'n'); }
                case '\r' -> { put((byte) '\\'); put((byte) 'r'); }
                default -> put(b);
            }
        }
        return this;
    }

    public CopyTextWriter addNull() {
        separate();
        put((byte) '\\');
        put((byte) 'N');
        return this;
    }

    public void endRow() {
        put((byte) '\n');
        rowStarted = false;
        rows++;
    }

    public long rows() {
        return rows;
    }

    /** Sends whatever is buffered. */
    public void flush() {
        if (length > 0) {
            try {
                sink.write(buffer, length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            length = 0;
        }
    }

    private void separate() {
        if (rowStarted) {
            put((byte) '\t');
        }
        rowStarted = true;
    }

    private void put(byte b) {
        if (length == buffer.length) {
            flush();
        }
        buffer[length++] = b;
    }
}
