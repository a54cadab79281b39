package org.tilemark.workloads.driver;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * One user's keep-alive HTTP/1.1 connection to one server, as a load driver's user holds it (DS3's driver
 * keeps a connection per user thread too): requests go out one at a time on the calling thread, blocking,
 * with no selector or executor hand-off, and the answer is read into this connection's own buffers ({@link AnswerReader}). A
 * connection idle longer than {@link #MAX_IDLE} is replaced before the next request, as a server may have
 * closed it meanwhile (Tilemark's guests are Tomcat, which keeps an idle connection 60 s embedded and
 * 20 s with its stock server.xml; the JDK's HTTP server 30 s); a GET that finds its reused
 * connection closed before any byte of the answer is sent once more on a new one (RFC 9112 9.3.1: GET is
 * idempotent; a POST never is). A user stopped mid-request (an interrupt closes the user's channel)
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

    /** An answer: its status and body (decoded as UTF-8; empty when the caller did not want it decoded and it is no error page). */
    public record Response(int status, String body) {
    }

    /** Hears the answer's headers other than those framing its body (a browser's cookies, redirects, caching). */
    @FunctionalInterface
    public interface HeaderListener {
        void header(String name, String value);

        /**
         * The names (lower case) of the headers it hears; the others are passed over before they are
         * made Strings. Empty, the default: every header.
         */
        default List<String> names() {
            return List.of();
        }
    }

    static final HeaderListener IGNORE_HEADERS = (name, value) -> { };

    private final InetSocketAddress server;
    private final byte[] hostHeader;
    private final Duration connectTimeout;
    private volatile SocketChannel channel;
    /** Set by {@link #abort}: the run is stopping, so nothing is sent again or anew (a GET it cut may have reached the server). */
    private volatile boolean aborted;
    private long lastUsedNanos;
    private final AnswerReader answers;
    private final RequestBytes request = new RequestBytes();

    public HttpConnection(InetSocketAddress server, Duration connectTimeout) {
        this.server = server;
        this.hostHeader = ("Host: " + server.getHostString() + ":" + server.getPort() + "\r\n").getBytes(StandardCharsets.US_ASCII);
        this.connectTimeout = connectTimeout;
        this.answers = new AnswerReader(server);
    }

    /** {@code GET pathAndQuery}, answered within {@code timeout} or an {@link IOException}. */
    public Response get(String pathAndQuery, Duration timeout) throws IOException, InterruptedException {
        return get(pathAndQuery, true, timeout);
    }

    /**
     * {@code GET pathAndQuery}, its body decoded only when {@code decodeBody} (else read past, and the
     * Response's body is empty, unless it is an error page: status 400 and up).
     */
    public Response get(String pathAndQuery, boolean decodeBody, Duration timeout) throws IOException, InterruptedException {
        return send("GET", pathAndQuery, null, null, null, decodeBody, IGNORE_HEADERS, timeout);
    }

    /**
     * {@code POST path} with {@code contentType} and {@code content}, answered within {@code timeout}; its
     * answer's body decoded only when {@code decodeBody} (as {@link #get(String, boolean, Duration)}).
     */
    public Response post(String path, String contentType, byte[] content, boolean decodeBody, Duration timeout)
            throws IOException, InterruptedException {
        return send("POST", path, null, contentType, content, decodeBody, IGNORE_HEADERS, timeout);
    }

    /**
     * A request as a browser sends it: {@code headerLines} (each ending in CRLF, e.g. a Cookie) go out with
     * it, every answer header beyond the body's framing reaches {@code headers}, and the body is decoded
     * only when {@code decodeBody} or it is an error page (an image's bytes are read and dropped).
     * {@code content} null: no body.
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
     * (as an interrupt of the user's thread does: the channel is interruptible).
     */
    public void abort() {
        aborted = true;
        closeQuietly(channel);
    }

    /** One request within its deadline ({@link Deadlines}); one answered after it is a timeout, answer or not. */
    private Response exchange(Duration timeout, boolean idempotent, boolean decodeBody, HeaderListener headers)
            throws IOException, InterruptedException {
        Deadlines.Due due = Deadlines.start(System.nanoTime() + timeout.toNanos(), channel);
        boolean reused = channel != null && System.nanoTime() - lastUsedNanos < MAX_IDLE.toNanos();
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
        if (due.late(System.nanoTime())) {
            throw due.timeout(server); // answered whole, so the connection stays
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
        } catch (AnswerReader.StaleConnection stale) {
            if (!reused || !idempotent || aborted) {
                throw new IOException("connection closed by " + server + " before it answered", stale);
            }
            connect(due);
            return send(due.deadline, decodeBody, headers);
        }
    }

    private Response send(long deadline, boolean decodeBody, HeaderListener headers) throws IOException {
        try {
            request.writeTo(channel);
        } catch (IOException closedUnderneath) {
            throw new AnswerReader.StaleConnection(closedUnderneath);
        }
        Response response = answers.read(deadline, decodeBody, headers);
        if (answers.closeAfter()) {
            close();
        }
        lastUsedNanos = System.nanoTime();
        return response;
    }

    /**
     * A new connection; the connect blocks (a timed one would leave the socket non-blocking: reads poll).
     * A blocking channel, read and written through direct buffers of the connection's own: a {@code Socket}'s
     * streams copy through a thread-local cache of temporary direct buffers and take locks on every call
     * (perf: a tenth of the DVD Store driver's CPU at the standard load).
     */
    private void connect(Deadlines.Due due) throws IOException {
        if (due.expired()) { // e.g. a kept connection the deadline closed under the answer's first read
            throw due.timeout(server);
        }
        if (aborted) {
            throw new IOException("stopped: no new connection to " + server);
        }
        close();
        SocketChannel opened = SocketChannel.open();
        channel = opened;
        due.connecting(opened, System.nanoTime() + connectTimeout.toNanos());
        if (due.expired()) {
            throw due.timeout(server);
        }
        try {
            opened.setOption(StandardSocketOptions.TCP_NODELAY, true);
            opened.connect(server);
        } catch (IOException e) {
            closeQuietly(opened);
            channel = null;
            throw e;
        }
        due.connected();
        answers.attach(opened);
    }

    static void closeQuietly(Closeable connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (IOException ignored) {
                // closing: nothing to keep
            }
        }
    }

    @Override
    public void close() {
        closeQuietly(channel);
        channel = null;
        answers.detach();
    }
}
