package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Instant;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Posts into vcsim's event log what vCenter logs when DRS moves a VM: vcsim runs no DRS, but its
 * EventManager takes any event through {@code PostEvent}, and its event collectors hand it out as vCenter's
 * would. govc posts only {@code EventEx}, so this sends the SOAP call itself (the JDK's HTTP client, the
 * fixture's certificate trusted, logged in as the test user): a stimulus on the simulator, not a mock.
 */
final class VcsimEvents {

    /** A managed object reference with its vCenter name, as an event argument carries both. */
    record Ref(String type, String value, String name) {

        /** From govc's {@code Type:value} and the object's name. */
        static Ref of(String typeColonValue, String name) {
            String[] parts = typeColonValue.strip().split(":", 2);
            return new Ref(parts[0], parts[1], name.strip());
        }

        String argument(String element, String refElement) {
            return "<" + element + "><name>" + xml(name) + "</name><" + refElement + " type=\"" + type + "\">" + xml(value) + "</"
                    + refElement + "></" + element + ">";
        }
    }

    private VcsimEvents() {
    }

    /**
     * Logs that DRS migrated {@code vm} from {@code sourceHost} to {@code host}, and from {@code sourceDatastore}
     * to {@code datastore} where given (an XvMotion; a vMotion's event may name none).
     */
    static void postDrsMigration(VcsimServer vcsim, Ref vm, Ref sourceHost, Ref host, Optional<Ref> sourceDatastore,
                                 Optional<Ref> datastore) throws Exception {
        HttpClient http = HttpClient.newBuilder().sslContext(trusting(vcsim)).cookieHandler(new CookieManager()).build();
        call(vcsim, http, "<Login xmlns=\"urn:vim25\"><_this type=\"SessionManager\">SessionManager</_this><userName>"
                + xml(VcsimServer.USER) + "</userName><password>" + xml(Files.readString(vcsim.passwordFile())) + "</password></Login>");
        // The event's elements in the schema's order: Event's, VmEvent's (template), VmMigratedEvent's (source*).
        call(vcsim, http, "<PostEvent xmlns=\"urn:vim25\"><_this type=\"EventManager\">EventManager</_this>"
                + "<eventToPost xsi:type=\"DrsVmMigratedEvent\"><key>0</key><chainId>0</chainId><createdTime>" + Instant.now()
                + "</createdTime><userName></userName>" + host.argument("host", "host") + vm.argument("vm", "vm")
                + datastore.map(ds -> ds.argument("ds", "datastore")).orElse("") + "<template>false</template>"
                + sourceHost.argument("sourceHost", "host") + sourceDatastore.map(ds -> ds.argument("sourceDatastore", "datastore")).orElse("")
                + "</eventToPost></PostEvent>");
        call(vcsim, http, "<Logout xmlns=\"urn:vim25\"><_this type=\"SessionManager\">SessionManager</_this></Logout>");
    }

    private static void call(VcsimServer vcsim, HttpClient http, String body) throws Exception {
        String envelope = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" "
                + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"><soapenv:Body>"
                + body + "</soapenv:Body></soapenv:Envelope>";
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(vcsim.url()))
                .header("Content-Type", "text/xml; charset=utf-8").header("SOAPAction", "urn:vim25/6.5")
                .POST(HttpRequest.BodyPublishers.ofString(envelope)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as("vcsim's answer: %s", answer.body()).isEqualTo(200);
        assertThat(answer.body()).as("vcsim's answer").doesNotContain("Fault>");
    }

    private static SSLContext trusting(VcsimServer vcsim) throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (InputStream pem = Files.newInputStream(vcsim.certificate())) {
            trusted.setCertificateEntry("vcsim", CertificateFactory.getInstance("X.509").generateCertificate(pem));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    private static String xml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
