package org.tilemark.workloads.driver;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Reads one connection's HTTP/1.x answers into reused buffers. The head is parsed where it lies in the
 * read buffer: the status and the headers that frame the body (Content-Length, Transfer-Encoding,
 * Connection) become numbers and flags without a String each, and only the headers a listener wants are
 * made Strings (bench/driver-cost: the head's Strings were a tenth of a DVD Store page's driver CPU).
 * Not thread-safe: one connection's.
 */
final class AnswerReader {

    /** A head larger than this is refused: no server Tilemark drives sends one (Tomcat's limit is 8 KiB). */
    static final int MAX_HEAD_LINE = 64 * 1024;
    private static final byte[] CONTENT_LENGTH = ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding");
    private static final byte[] CONNECTION = ascii("connection");

    /** The server had closed the reused connection before this request reached it. */
    static final class StaleConnection extends IOException {
        StaleConnection(Throwable cause) {
            super("connection closed before the answer began", cause);
        }
    }

    private final InetSocketAddress server;
    private ReadableByteChannel in;
    /** What a read brings lands here first: a direct buffer, which the socket reads into without a copy. */
    private final ByteBuffer incoming = ByteBuffer.allocateDirect(16 * 1024);
    private byte[] buffer = new byte[16 * 1024];
    private int position;
    private int limit;
    private byte[] body = new byte[16 * 1024];
    /** Where the line {@link #line} found ends (before its CR LF) and where the next begins. */
    private int lineEnd;
    private int nextLine;
    private boolean closeAfter;
    /** The last listener's header names as bytes: a connection's listener is usually the same one. */
    private HttpConnection.HeaderListener namesOf;
    private List<byte[]> heardNames = List.of();

    AnswerReader(InetSocketAddress server) {
        this.server = server;
    }

    /** A new connection: nothing of an earlier one's is kept. */
    void attach(ReadableByteChannel connection) {
        in = connection;
        position = 0;
        limit = 0;
    }

    void detach() {
        in = null;
    }

    /** Whether the answer just read ends the connection (Connection: close, HTTP/1.0, or a body read to the end). */
    boolean closeAfter() {
        return closeAfter;
    }

    /** Whether the body being read is kept (and decoded), or only read past: a page the caller does not look at. */
    private boolean keepBody;

    HttpConnection.Response read(long deadline, boolean decodeBody, HttpConnection.HeaderListener headers)
            throws IOException {
        line(deadline, true);
        int start = position;
        if (lineEnd - start < 12 || !startsWith(start, "HTTP/1.")) {
            throw new IOException("not an HTTP/1.x status line from " + server + ": " + clip(text(start, lineEnd)));
        }
        int status = (int) digits(start + 9, start + 12, 10);
        if (status < 0) {
            throw new IOException("not a status code: " + clip(text(start, lineEnd)));
        }
        closeAfter = buffer[start + 7] == '0';
        position = nextLine;
        long contentLength = -1;
        boolean chunked = false;
        while (true) {
            line(deadline, false);
            start = position;
            int end = lineEnd;
            position = nextLine;
            if (end == start) {
                break;
            }
            int colon = indexOf((byte) ':', start, end);
            if (colon <= start) {
                continue;
            }
            int nameEnd = trimEnd(start, colon);
            int valueStart = trimStart(colon + 1, end);
            int valueEnd = trimEnd(valueStart, end);
            if (nameIs(start, nameEnd, CONTENT_LENGTH)) {
                contentLength = digits(valueStart, valueEnd, 10);
                if (contentLength < 0) {
                    throw new IOException("a Content-Length that is not a number from " + server + ": "
                            + clip(text(valueStart, valueEnd)));
                }
            } else if (nameIs(start, nameEnd, TRANSFER_ENCODING)) {
                chunked = text(valueStart, valueEnd).toLowerCase(java.util.Locale.ROOT).contains("chunked");
            } else if (nameIs(start, nameEnd, CONNECTION)) {
                closeAfter = text(valueStart, valueEnd).equalsIgnoreCase("close");
            } else if (headers != HttpConnection.IGNORE_HEADERS && hears(headers, start, nameEnd)) {
                headers.header(text(start, nameEnd), text(valueStart, valueEnd));
            }
        }
        // An error page is kept even when the caller did not ask for the body: it says what failed.
        keepBody = decodeBody || status >= 400;
        int length;
        if (chunked) {
            length = chunkedBody(deadline);
        } else if (contentLength >= 0) {
            length = fixedBody(contentLength, deadline);
        } else if (status == 204 || status == 304 || status / 100 == 1) {
            length = 0;
        } else {
            length = untilClose(deadline);
            closeAfter = true;
        }
        return new HttpConnection.Response(status, keepBody ? new String(body, 0, length, StandardCharsets.UTF_8) : "");
    }

    private boolean hears(HttpConnection.HeaderListener headers, int from, int to) {
        if (headers != namesOf) {
            heardNames = headers.names().stream().map(name -> ascii(name.toLowerCase(java.util.Locale.ROOT))).toList();
            namesOf = headers;
        }
        if (heardNames.isEmpty()) {
            return true;
        }
        for (byte[] name : heardNames) {
            if (nameIs(from, to, name)) {
                return true;
            }
        }
        return false;
    }

    private int fixedBody(long contentLength, long deadline) throws IOException {
        if (contentLength > Integer.MAX_VALUE - 8) {
            throw new IOException("a body of " + contentLength + " bytes from " + server + " is larger than a page");
        }
        int length = (int) contentLength;
        ensureBody(length);
        for (int filled = 0; filled < length; ) {
            filled += take(length - filled, filled, deadline);
        }
        return length;
    }

    private int chunkedBody(long deadline) throws IOException {
        int length = 0;
        while (true) {
            line(deadline, false);
            int sizeEnd = indexOf((byte) ';', position, lineEnd);
            long chunk = digits(trimStart(position, sizeEnd), trimEnd(position, sizeEnd), 16);
            if (chunk < 0 || chunk > Integer.MAX_VALUE - 8 - length) {
                throw new IOException("not a chunk size from " + server + ": " + clip(text(position, lineEnd)));
            }
            int size = (int) chunk;
            position = nextLine;
            if (size == 0) {
                do { // trailers: none used
                    line(deadline, false);
                    int empty = lineEnd - position;
                    position = nextLine;
                    if (empty == 0) {
                        return length;
                    }
                } while (true);
            }
            ensureBody(length + size);
            for (int filled = 0; filled < size; ) {
                filled += take(size - filled, length + filled, deadline);
            }
            length += size;
            line(deadline, false); // the CRLF after the chunk
            position = nextLine;
        }
    }

    private int untilClose(long deadline) throws IOException {
        int length = 0;
        while (true) {
            ensureBody(length + 1);
            int n = takeOrEnd(keepBody ? body.length - length : Integer.MAX_VALUE, length, deadline);
            if (n < 0) {
                return length;
            }
            length += n;
        }
    }

    private void ensureBody(int length) {
        if (keepBody && body.length < length) {
            body = Arrays.copyOf(body, Math.max(length, body.length * 2));
        }
    }

    /**
     * Makes the next line lie whole in the buffer from {@link #position}: sets {@link #lineEnd} (before
     * its CR LF) and {@link #nextLine}, reading more as needed.
     */
    private void line(long deadline, boolean startOfAnswer) throws IOException {
        int searched = position;
        while (true) {
            int lf = indexOf((byte) '\n', searched, limit);
            if (lf < limit) {
                lineEnd = lf > position && buffer[lf - 1] == '\r' ? lf - 1 : lf;
                nextLine = lf + 1;
                return;
            }
            searched = limit - position;
            if (searched >= MAX_HEAD_LINE) {
                throw new IOException("a header line of over " + MAX_HEAD_LINE + " bytes from " + server);
            }
            compact();
            if (!fill(deadline, startOfAnswer && limit == 0)) {
                throw new EOFException("connection closed by " + server + " in the middle of an answer");
            }
        }
    }

    /** Moves what is unread to the buffer's start, growing it when a line fills it. */
    private void compact() {
        int unread = limit - position;
        if (unread == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        } else if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, unread);
        }
        position = 0;
        limit = unread;
    }

    /** Reads more after {@link #limit}; false at end of stream. At the very start of an answer, the end is a stale connection. */
    private boolean fill(long deadline, boolean startOfAnswer) throws IOException {
        if (System.nanoTime() - deadline > 0) {
            throw new SocketTimeoutException("no answer from " + server + " in time");
        }
        int n;
        try {
            incoming.clear().limit(Math.min(incoming.capacity(), buffer.length - limit));
            do {
                n = in.read(incoming);
            } while (n == 0);
        } catch (IOException reset) {
            if (startOfAnswer) {
                throw new StaleConnection(reset);
            }
            throw reset;
        }
        if (n < 0) {
            if (startOfAnswer) {
                throw new StaleConnection(null);
            }
            return false;
        }
        incoming.flip().get(buffer, limit, n);
        limit += n;
        return true;
    }

    private int take(int max, int offset, long deadline) throws IOException {
        int n = takeOrEnd(max, offset, deadline);
        if (n < 0) {
            throw new EOFException("connection closed by " + server + " in the middle of a body");
        }
        return n;
    }

    private int takeOrEnd(int max, int offset, long deadline) throws IOException {
        if (position == limit) {
            position = 0;
            limit = 0;
            if (!fill(deadline, false)) {
                return -1;
            }
        }
        int n = Math.min(max, limit - position);
        if (keepBody) {
            System.arraycopy(buffer, position, body, offset, n);
        }
        position += n;
        return n;
    }

    private int indexOf(byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buffer[i] == b) {
                return i;
            }
        }
        return to;
    }

    private boolean startsWith(int at, String prefix) {
        for (int i = 0; i < prefix.length(); i++) {
            if (buffer[at + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** ASCII letters compared without case: header names are case-insensitive. */
    private boolean nameIs(int from, int to, byte[] lowerCaseName) {
        if (to - from != lowerCaseName.length) {
            return false;
        }
        for (int i = 0; i < lowerCaseName.length; i++) {
            if ((buffer[from + i] | 0x20) != lowerCaseName[i]) {
                return false;
            }
        }
        return true;
    }

    /** The digits between {@code from} and {@code to} in {@code radix}; -1 when empty, not digits, or too long. */
    private long digits(int from, int to, int radix) {
        if (from >= to || to - from > 15) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            int digit = Character.digit(buffer[i], radix);
            if (digit < 0) {
                return -1;
            }
            value = value * radix + digit;
        }
        return value;
    }

    private int trimStart(int from, int to) {
        while (from < to && (buffer[from] == ' ' || buffer[from] == '\t')) {
            from++;
        }
        return from;
    }

    private int trimEnd(int from, int to) {
        while (to > from && (buffer[to - 1] == ' ' || buffer[to - 1] == '\t')) {
            to--;
        }
        return to;
    }

    private String text(int from, int to) {
        return new String(buffer, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private static String clip(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
