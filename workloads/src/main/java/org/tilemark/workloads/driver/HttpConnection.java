package org.tilemark.workloads.driver;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

/**
 * One user's keep-alive HTTP/1.1 connection to one server, as a load driver's user holds it (DS3's driver
 * keeps a connection per user thread too): requests go out one at a time on the calling thread, blocking,
 * with no selector or executor hand-off, and the response is read into this connection's own buffer. A
 * connection idle longer than {@link #MAX_IDLE} is replaced before the next request, as a server may have
 * closed it meanwhile (Tilemark's guests are Tomcat, which keeps an idle connection 60 s embedded and
 * 20 s with its stock server.xml; the JDK's HTTP server 30 s); a GET that finds its reused
 * connection closed before any byte of the answer is sent once more on a new one (RFC 9112 9.3.1: GET is
 * idempotent; a POST never is). A user stopped mid-request (an interrupt closes a virtual thread's socket)
 * gets an {@link InterruptedException}, not an I/O failure of the server's. Sockets block; {@link Deadlines}
 * ends a request that outlives its timeout. Not thread-safe: one user's.
 */
public final class HttpConnection implements AutoCloseable {

    /**
     * Longer than this since the last answer and the connection is not reused. Long enough to span the
     * gaps of a paced user (an Olio user's operations are 5 s apart on average; JMeter's HTTP client
     * reuses a connection for up to 60 s): a new connection per operation would cost more than it.
     */
    static final Duration MAX_IDLE = Duration.ofSeconds(15);
    private static final int MAX_HEAD = 64 * 1024;

    /** An answer: its status and body (decoded as UTF-8; empty when the caller did not want it decoded). */
    public record Response(int status, String body) {
    }

    /** Hears the answer's headers other than those framing its body (a browser's cookies, redirects, caching). */
    @FunctionalInterface
    public interface HeaderListener {
        void header(String name, String value);
    }

    private static final HeaderListener IGNORE_HEADERS = (name, value) -> { };

    private final InetSocketAddress server;
    private final byte[] hostHeader;
    private final Duration connectTimeout;
    private volatile Socket socket;
    private InputStream in;
    private OutputStream out;
    private long lastUsedNanos;
    private final byte[] buffer = new byte[16 * 1024];
    private int position;
    private int limit;
    private byte[] body = new byte[16 * 1024];
    private final RequestBytes request = new RequestBytes();

    public HttpConnection(InetSocketAddress server, Duration connectTimeout) {
        this.server = server;
        this.hostHeader = ("Host: " + server.getHostString() + ":" + server.getPort() + "\r\n").getBytes(StandardCharsets.US_ASCII);
        this.connectTimeout = connectTimeout;
    }

    /** {@code GET pathAndQuery}, answered within {@code timeout} or an {@link IOException}. */
    public Response get(String pathAndQuery, Duration timeout) throws IOException, InterruptedException {
        return send("GET", pathAndQuery, null, null, null, true, IGNORE_HEADERS, timeout);
    }

    /** {@code POST path} with {@code contentType} and {@code content}, answered within {@code timeout}. */
    public Response post(String path, String contentType, byte[] content, Duration timeout)
            throws IOException, InterruptedException {
        return send("POST", path, null, contentType, content, true, IGNORE_HEADERS, timeout);
    }

    /**
     * A request as a browser sends it: {@code headerLines} (each ending in CRLF, e.g. a Cookie) go out with
     * it, every answer header beyond the body's framing reaches {@code headers}, and the body is decoded
     * only when {@code decodeBody} (an image's bytes are read and dropped). {@code content} null: no body.
     */
    public Response send(String method, String target, String headerLines, String contentType, byte[] content,
            boolean decodeBody, HeaderListener headers, Duration timeout) throws IOException, InterruptedException {
        request.start(method, target, hostHeader);
        if (headerLines != null) {
            request.ascii(headerLines);
        }
        request.end(contentType, content);
        return exchange(timeout, "GET".equals(method), decodeBody, headers);
    }

    /**
     * From another thread: closes the connection under a request in progress, which then fails at once
     * (a platform thread blocked in a socket read does not notice an interrupt).
     */
    public void abort() {
        closeQuietly(socket);
    }

    /** One request within its deadline ({@link Deadlines}); one the scanner expired is late even if answered. */
    private Response exchange(Duration timeout, boolean idempotent, boolean decodeBody, HeaderListener headers)
            throws IOException, InterruptedException {
        Deadlines.Due due = Deadlines.start(System.nanoTime() + timeout.toNanos(), socket);
        boolean reused = socket != null && System.nanoTime() - lastUsedNanos < MAX_IDLE.toNanos();
        Response response;
        try {
            response = exchange(due, reused, idempotent, decodeBody, headers);
        } catch (IOException e) {
            boolean expired = !due.end();
            close();
            if (Thread.interrupted()) {
                throw new InterruptedException("stopped during a request to " + server);
            }
            if (expired && !(e instanceof SocketTimeoutException)) {
                SocketTimeoutException timedOut = due.timeout(server);
                timedOut.initCause(e);
                throw timedOut;
            }
            throw e;
        } catch (RuntimeException e) {
            due.end();
            close();
            throw e;
        }
        if (!due.end()) {
            close(); // the scanner closed it: the answer came after the deadline
            throw due.timeout(server);
        }
        return response;
    }

    private Response exchange(Deadlines.Due due, boolean reused, boolean idempotent, boolean decodeBody,
                              HeaderListener headers) throws IOException {
        if (!reused) {
            connect(due);
        }
        try {
            return send(due.deadline, decodeBody, headers);
        } catch (StaleConnection stale) {
            if (!reused || !idempotent) {
                throw new IOException("connection closed by " + server + " before it answered", stale);
            }
            connect(due);
            return send(due.deadline, decodeBody, headers);
        }
    }

    private Response send(long deadline, boolean decodeBody, HeaderListener headers) throws IOException {
        try {
            request.writeTo(out);
            out.flush();
        } catch (IOException closedUnderneath) {
            throw new StaleConnection(closedUnderneath);
        }
        Response response = read(deadline, decodeBody, headers);
        lastUsedNanos = System.nanoTime();
        return response;
    }

    /** A new connection; the connect blocks (a timed one leaves the JDK's socket non-blocking: reads poll). */
    private void connect(Deadlines.Due due) throws IOException {
        if (due.expired()) { // e.g. a kept connection the deadline closed under the answer's first read
            throw due.timeout(server);
        }
        close();
        Socket s = new Socket();
        socket = s;
        due.connecting(s, System.nanoTime() + connectTimeout.toNanos());
        if (due.expired()) {
            throw due.timeout(server);
        }
        try {
            s.setTcpNoDelay(true);
            s.connect(server);
        } catch (IOException e) {
            closeQuietly(s);
            socket = null;
            throw e;
        }
        due.connected();
        in = s.getInputStream();
        out = s.getOutputStream();
        position = 0;
        limit = 0;
    }

    private Response read(long deadline, boolean decodeBody, HeaderListener headers) throws IOException {
        String statusLine = line(deadline, true);
        if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) {
            throw new IOException("not an HTTP/1.x status line from " + server + ": " + clip(statusLine));
        }
        int status = parseInt(statusLine, 9, 12);
        long contentLength = -1;
        boolean chunked = false;
        boolean close = statusLine.startsWith("HTTP/1.0");
        for (String header = line(deadline, false); !header.isEmpty(); header = line(deadline, false)) {
            int colon = header.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = header.substring(0, colon).trim();
            String value = header.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("Content-Length")) {
                contentLength = Long.parseLong(value);
            } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                chunked = value.toLowerCase(java.util.Locale.ROOT).contains("chunked");
            } else if (name.equalsIgnoreCase("Connection")) {
                close = value.equalsIgnoreCase("close");
            } else {
                headers.header(name, value);
            }
        }
        int length;
        if (chunked) {
            length = chunkedBody(deadline);
        } else if (contentLength >= 0) {
            length = fixedBody(contentLength, deadline);
        } else if (status == 204 || status == 304 || status / 100 == 1) {
            length = 0;
        } else {
            length = untilClose(deadline);
            close = true;
        }
        Response response = new Response(status, decodeBody ? new String(body, 0, length, StandardCharsets.UTF_8) : "");
        if (close) {
            close();
        }
        return response;
    }

    private int fixedBody(long contentLength, long deadline) throws IOException {
        if (contentLength > Integer.MAX_VALUE - 8) {
            throw new IOException("a body of " + contentLength + " bytes from " + server + " is larger than a page");
        }
        int length = (int) contentLength;
        ensureBody(length);
        for (int filled = 0; filled < length; ) {
            filled += take(body, filled, length - filled, deadline);
        }
        return length;
    }

    private int chunkedBody(long deadline) throws IOException {
        int length = 0;
        while (true) {
            String sizeLine = line(deadline, false);
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon >= 0 ? sizeLine.substring(0, semicolon) : sizeLine).trim(), 16);
            if (size == 0) {
                while (!line(deadline, false).isEmpty()) {
                    // trailers: none used
                }
                return length;
            }
            ensureBody(length + size);
            for (int filled = 0; filled < size; ) {
                filled += take(body, length + filled, size - filled, deadline);
            }
            length += size;
            line(deadline, false); // the CRLF after the chunk
        }
    }

    private int untilClose(long deadline) throws IOException {
        int length = 0;
        while (true) {
            ensureBody(length + 1);
            int n = takeOrEnd(body, length, body.length - length, deadline);
            if (n < 0) {
                return length;
            }
            length += n;
        }
    }

    private void ensureBody(int length) {
        if (body.length < length) {
            body = Arrays.copyOf(body, Math.max(length, body.length * 2));
        }
    }

    /** A line without its CRLF, as ISO-8859-1 (status line and headers are ASCII). */
    private String line(long deadline, boolean first) throws IOException {
        StringBuilder line = null;
        while (true) {
            if (position == limit && !fill(deadline, first && line == null)) {
                throw new EOFException("connection closed by " + server + " in the middle of an answer");
            }
            for (int i = position; i < limit; i++) {
                if (buffer[i] == '\n') {
                    int end = i > position && buffer[i - 1] == '\r' ? i - 1 : i;
                    String part = new String(buffer, position, end - position, StandardCharsets.ISO_8859_1);
                    position = i + 1;
                    if (line == null) {
                        return part;
                    }
                    line.append(part);
                    int len = line.length();
                    return len > 0 && line.charAt(len - 1) == '\r' ? line.substring(0, len - 1) : line.toString();
                }
            }
            if (line == null) {
                line = new StringBuilder();
            }
            line.append(new String(buffer, position, limit - position, StandardCharsets.ISO_8859_1));
            position = limit;
            if (line.length() > MAX_HEAD) {
                throw new IOException("a header line of over " + MAX_HEAD + " bytes from " + server);
            }
        }
    }

    /** Reads into the buffer; false at end of stream. At the very start of an answer, the end is a stale connection. */
    private boolean fill(long deadline, boolean startOfAnswer) throws IOException {
        if (System.nanoTime() - deadline > 0) {
            throw new SocketTimeoutException("no answer from " + server + " in time");
        }
        int n;
        try {
            n = in.read(buffer, 0, buffer.length);
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
        position = 0;
        limit = n;
        return true;
    }

    private int take(byte[] into, int offset, int max, long deadline) throws IOException {
        int n = takeOrEnd(into, offset, max, deadline);
        if (n < 0) {
            throw new EOFException("connection closed by " + server + " in the middle of a body");
        }
        return n;
    }

    private int takeOrEnd(byte[] into, int offset, int max, long deadline) throws IOException {
        if (position == limit && !fill(deadline, false)) {
            return -1;
        }
        int n = Math.min(max, limit - position);
        System.arraycopy(buffer, position, into, offset, n);
        position += n;
        return n;
    }

    private static int parseInt(String s, int from, int to) throws IOException {
        int value = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new IOException("not a status code: " + clip(s));
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static String clip(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }

    static void closeQuietly(Socket s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing: nothing to keep
            }
        }
    }

    @Override
    public void close() {
        closeQuietly(socket);
        socket = null;
        in = null;
        out = null;
    }

    /** The server had closed the reused connection before this request reached it. */
    private static final class StaleConnection extends IOException {
        StaleConnection(Throwable cause) {
            super("connection closed before the answer began", cause);
        }
    }
}
