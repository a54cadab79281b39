package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.util.Optional;
import org.tilemark.templates.guest.PinnedCertificate;
import java.io.InputStream;
import java.io.StringWriter;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

/**
 * vim25 over SOAP: one method call per HTTP POST on the JDK's client, the envelope written with
 * {@link XMLStreamWriter} and the answer read with a streaming parser. The session is vCenter's cookie.
 */
final class SoapClient implements AutoCloseable {

    private static final String SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String XSI_NS = XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI;
    private static final String XSD_NS = XMLConstants.W3C_XML_SCHEMA_NS_URI;
    private static final String VIM_NS = "urn:vim25";
    /** The API release this client speaks; vCenter answers older clients in their release's terms. */
    private static final String SOAP_ACTION = "urn:vim25/6.5";
    private static final XMLInputFactory INPUT = inputFactory();
    /** How vCenter lists Tilemark's sessions to an administrator (the vSphere client's Sessions view, govc session.ls). */
    static final String USER_AGENT = "tilemark";

    private final URI url;
    private final HttpClient http;
    private final Duration timeout;
    /** Calls made, by vim25 method: what this session cost vCenter (e.g. property reads that must not grow with the VMs). */
    private final java.util.concurrent.ConcurrentMap<String, java.util.concurrent.atomic.LongAdder> calls =
            new java.util.concurrent.ConcurrentHashMap<>();
    /** Calls open now, and the most open at once, by vim25 method: how hard the harness pressed vCenter at its busiest. */
    private final java.util.concurrent.ConcurrentMap<String, java.util.concurrent.atomic.AtomicInteger> open =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.concurrent.ConcurrentMap<String, java.util.concurrent.atomic.AtomicInteger> mostOpen =
            new java.util.concurrent.ConcurrentHashMap<>();

    SoapClient(URI url, SSLContext ssl, Duration timeout) {
        this.url = url;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().sslContext(ssl).connectTimeout(timeout)
                .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL)).build();
    }

    /** Calls {@code method} on {@code target}; returns the response element (its {@code returnval}s are children). */
    Node call(String method, Mor target, List<Element> arguments) throws VimFault, IOException {
        calls.computeIfAbsent(method, m -> new java.util.concurrent.atomic.LongAdder()).increment();
        java.util.concurrent.atomic.AtomicInteger openNow = open.computeIfAbsent(method, m -> new java.util.concurrent.atomic.AtomicInteger());
        int opened = openNow.incrementAndGet();
        mostOpen.computeIfAbsent(method, m -> new java.util.concurrent.atomic.AtomicInteger()).accumulateAndGet(opened, Math::max);
        try {
            return exchange(method, target, arguments);
        } finally {
            openNow.decrementAndGet();
        }
    }

    private Node exchange(String method, Mor target, List<Element> arguments) throws VimFault, IOException {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(timeout)
                .header("Content-Type", "text/xml; charset=utf-8").header("SOAPAction", SOAP_ACTION).header("User-Agent", USER_AGENT)
                .POST(HttpRequest.BodyPublishers.ofString(envelope(method, target, arguments))).build();
        HttpResponse<InputStream> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while calling " + method, e);
        } catch (javax.net.ssl.SSLHandshakeException e) {
            throw e; // the certificate: the connection tells which setting
        } catch (IOException e) {
            // vCenter gone (stopped, unreachable, timed out): every failure it causes names it
            throw new IOException("vCenter at " + authority() + " did not answer " + method + " (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
        }
        Node body;
        try (InputStream in = response.body()) {
            body = parse(in).child("Body").orElseThrow(() -> new IOException(method + ": answer has no SOAP body"));
        } catch (XMLStreamException e) {
            throw new IOException(method + ": unreadable answer (HTTP " + response.statusCode() + "): " + e.getMessage(), e);
        }
        Node answer = body.children().isEmpty() ? null : body.children().getFirst();
        if (answer == null) {
            throw new IOException(method + ": empty SOAP body (HTTP " + response.statusCode() + ")");
        }
        if (answer.name().equals("Fault")) {
            throw fault(answer);
        }
        return answer;
    }

    /**
     * Sends a file's bytes to {@code target} (a lease's device URL: vCenter's NFC service or a host's) in this session,
     * counting them into {@code sent}; no call timeout (a disk takes as long as it takes), only the connect one. The
     * host's certificate is checked against {@code sslThumbprint} (SHA-1, as vCenter gives it) where there is one.
     */
    void upload(URI target, String method, String contentType, Path file, java.util.concurrent.atomic.LongAdder sent,
                Optional<String> sslThumbprint) throws IOException {
        long length = Files.size(file);
        HttpRequest.BodyPublisher body = HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(() -> {
            try {
                return new CountingInput(Files.newInputStream(file), sent);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }), length);
        HttpRequest request = HttpRequest.newBuilder(target).header("Content-Type", contentType).method(method, body).build();
        HttpResponse<String> response;
        HttpClient client = uploadClient(sslThumbprint);
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while uploading " + file.getFileName(), e);
        } finally {
            if (client != http) {
                client.close();
            }
        }
        if (response.statusCode() / 100 != 2) {
            throw new IOException("uploading " + file.getFileName() + " to " + target.getPath() + ": HTTP " + response.statusCode());
        }
    }

    /**
     * The client a device URL's host is sent to: with the host's thumbprint as vCenter gave it (over this verified
     * session), one that trusts that certificate alone, as an ESXi host's own certificate is seldom signed by a CA the
     * trust store holds; without one, this session's (the trust store, or nothing checked with {@code insecure}).
     */
    private HttpClient uploadClient(Optional<String> sslThumbprint) throws IOException {
        if (sslThumbprint.isEmpty()) {
            return http;
        }
        try {
            return HttpClient.newBuilder().sslContext(new PinnedCertificate(PinnedCertificate.SHA_1, sslThumbprint.get()).context())
                    .connectTimeout(timeout).cookieHandler(http.cookieHandler().orElseThrow()).build();
        } catch (java.security.GeneralSecurityException e) {
            throw new IOException("TLS for the host's thumbprint: " + e.getMessage(), e);
        }
    }

    /** The calls made so far, by method, in the method names' order. */
    java.util.SortedMap<String, Long> calls() {
        java.util.SortedMap<String, Long> made = new java.util.TreeMap<>();
        calls.forEach((method, count) -> made.put(method, count.sum()));
        return made;
    }

    /** The most calls of each method that were open (sent, not yet answered) at once so far. */
    java.util.SortedMap<String, Integer> mostOpen() {
        java.util.SortedMap<String, Integer> most = new java.util.TreeMap<>();
        mostOpen.forEach((method, count) -> most.put(method, count.get()));
        return most;
    }

    /** The address a device URL's {@code *} stands for: vCenter's host and port as the settings name them. */
    String authority() {
        return url.getRawAuthority();
    }

    private static final class CountingInput extends java.io.FilterInputStream {
        private final java.util.concurrent.atomic.LongAdder sent;

        CountingInput(InputStream in, java.util.concurrent.atomic.LongAdder sent) {
            super(in);
            this.sent = sent;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                sent.increment();
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                sent.add(n);
            }
            return n;
        }
    }

    /** Stops the client's connections and threads. */
    @Override
    public void close() {
        http.close();
    }

    private static VimFault fault(Node fault) {
        String message = fault.text("faultstring").orElse("").strip();
        String type = fault.child("detail").flatMap(detail -> detail.children().stream().findFirst())
                .map(detail -> detail.xsiType() != null ? detail.xsiType() : detail.name().replaceFirst("Fault$", ""))
                .orElse("SoapFault");
        return new VimFault(type, message);
    }

    private static String envelope(String method, Mor target, List<Element> arguments) {
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter out = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
            out.writeStartDocument("UTF-8", "1.0");
            out.writeStartElement("soapenv", "Envelope", SOAP_NS);
            out.writeNamespace("soapenv", SOAP_NS);
            out.writeNamespace("xsi", XSI_NS);
            out.writeNamespace("xsd", XSD_NS);
            out.writeStartElement("soapenv", "Body", SOAP_NS);
            out.writeStartElement(method);
            out.writeDefaultNamespace(VIM_NS);
            Element.ref("_this", target).write(out);
            for (Element argument : arguments) {
                argument.write(out);
            }
            out.writeEndElement();
            out.writeEndElement();
            out.writeEndElement();
            out.writeEndDocument();
            out.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write the " + method + " request", e);
        }
        return text.toString();
    }

    /** Reads the whole answer into a tree of {@link Node}s (answers are small: properties, not files). */
    private static Node parse(InputStream in) throws XMLStreamException {
        XMLStreamReader reader = INPUT.createXMLStreamReader(in);
        Deque<Builder> open = new ArrayDeque<>();
        Node root = null;
        while (reader.hasNext()) {
            switch (reader.next()) {
                case XMLStreamConstants.START_ELEMENT -> open.push(new Builder(reader.getLocalName(),
                        reader.getAttributeValue(null, "type"), localPart(reader.getAttributeValue(XSI_NS, "type"))));
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
                    if (!open.isEmpty()) {
                        open.peek().text.append(reader.getText());
                    }
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    Node done = open.pop().build();
                    if (open.isEmpty()) {
                        root = done;
                    } else {
                        open.peek().children.add(done);
                    }
                }
                default -> { }
            }
        }
        reader.close();
        if (root == null) {
            throw new XMLStreamException("no document element");
        }
        return root;
    }

    private static String localPart(String qualified) {
        return qualified == null ? null : qualified.substring(qualified.indexOf(':') + 1);
    }

    private static XMLInputFactory inputFactory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        // An answer never needs a DTD or an external entity: refuse both.
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        return factory;
    }

    private static final class Builder {
        private final String name;
        private final String type;
        private final String xsiType;
        private final StringBuilder text = new StringBuilder();
        private final List<Node> children = new ArrayList<>();

        Builder(String name, String type, String xsiType) {
            this.name = name;
            this.type = type;
            this.xsiType = xsiType;
        }

        Node build() {
            return new Node(name, type, xsiType, children.isEmpty() ? text.toString().strip() : null, children);
        }
    }
}
