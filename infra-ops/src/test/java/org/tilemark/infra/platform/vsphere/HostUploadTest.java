package org.tilemark.infra.platform.vsphere;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.tilemark.templates.guest.PinnedCertificate;

/**
 * {@code image push}'s upload to a host (a lease's device URL) checks the host's certificate against the SHA-1 thumbprint
 * vCenter gives for it ({@code HttpNfcLeaseDeviceUrl.sslThumbprint}, {@code AA:BB:...}), against a real TLS server with a
 * self-signed certificate, as an ESXi host's often is. vcsim gives every device URL an empty thumbprint (its NFC service
 * is vcsim itself, checked against the trust store: {@code VsphereImagePushTest}), so the pinned path is shown here.
 */
class HostUploadTest {

    @Test
    void anUploadGoesOnlyToTheHostWhoseCertificateHasTheThumbprintVcenterGave() throws Exception {
        char[] password = "host-upload-test".toCharArray();
        KeyStore keys = SecretHandout.selfSigned(InetAddress.getLoopbackAddress(), password);
        KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        managers.init(keys, password);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(managers.getKeyManagers(), null, null);
        HttpsServer host = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        host.setHttpsConfigurator(new HttpsConfigurator(tls));
        AtomicLong received = new AtomicLong();
        host.createContext("/nfc/", exchange -> {
            try (exchange) {
                received.addAndGet(exchange.getRequestBody().readAllBytes().length);
                exchange.sendResponseHeaders(200, -1);
            }
        });
        host.start();
        Path disk = Files.write(Files.createTempFile("disk", ".vmdk"), new byte[300_000]);
        // The session's own trust: the JDK's store, which does not know the host's self-signed certificate.
        try (SoapClient soap = new SoapClient(URI.create("https://127.0.0.1:1/sdk"), SSLContext.getDefault(), Duration.ofSeconds(20))) {
            URI target = URI.create("https://127.0.0.1:" + host.getAddress().getPort() + "/nfc/lease-1/disk-0.vmdk");
            String sha1 = PinnedCertificate.fingerprint(PinnedCertificate.SHA_1, (X509Certificate) keys.getCertificate("harness"));
            String asVcenterGivesIt = String.join(":", sha1.toUpperCase(Locale.ROOT).split("(?<=\\G..)"));

            soap.upload(target, "POST", "application/x-vnd.vmware-streamVmdk", disk, new LongAdder(), Optional.of(asVcenterGivesIt));
            assertThat(received.get()).as("the disk's bytes, at the host").isEqualTo(300_000);

            String other = HexFormat.of().formatHex(new byte[20]);
            assertThatThrownBy(() -> soap.upload(target, "POST", "application/x-vnd.vmware-streamVmdk", disk, new LongAdder(), Optional.of(other)))
                    .as("another certificate than vCenter's thumbprint names").isInstanceOf(IOException.class);
            assertThatThrownBy(() -> soap.upload(target, "POST", "application/x-vnd.vmware-streamVmdk", disk, new LongAdder(), Optional.empty()))
                    .as("no thumbprint: the trust store, which does not trust it").isInstanceOf(IOException.class);
            assertThat(received.get()).as("nothing sent to a host not verified").isEqualTo(300_000);
        } finally {
            host.stop(0);
            Files.deleteIfExists(disk);
        }
    }
}
