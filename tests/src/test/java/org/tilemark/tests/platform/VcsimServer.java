package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.tilemark.tests.lanes.TestLanes;

/**
 * govmomi's vCenter simulator on 127.0.0.1 and a free port, serving TLS with a certificate this fixture
 * made (so the test trusts exactly that certificate: {@link #certificate()} is the trust store) and
 * accepting one user and password (given to vcsim as a file, which it reads, so no command line shows it). vcsim is installed by {@code tests/setup/install-vcsim.sh}.
 * Its default inventory: datacenter {@code DC0}, cluster {@code DC0_C0} with hosts
 * {@code DC0_C0_H0..H2}, datastores {@code LocalDS_0..}, VMs {@code DC0_C0_RP0_VM0, VM1}.
 */
final class VcsimServer implements AutoCloseable {

    /** Not {@code tilemark@vsphere.local}: vcsim v0.46.3 refuses every login of a user name with an {@code @}. */
    static final String USER = "tilemark";
    private static final Path SETUP = Path.of("setup").toAbsolutePath();

    private final Process process;
    private final Path govc;
    private final int port;
    private final Path certificate;
    private final Path passwordFile;

    private VcsimServer(Process process, Path govc, int port, Path certificate, Path passwordFile) {
        this.process = process;
        this.govc = govc;
        this.port = port;
        this.certificate = certificate;
        this.passwordFile = passwordFile;
    }

    /** Starts vcsim with {@code datastores} datastores and the given extra flags, e.g. {@code -method-delay}. */
    static VcsimServer start(Path dir, String password, int datastores, List<String> flags) throws Exception {
        Files.createDirectories(dir);
        Path vcsim = Path.of(run(List.of("bash", SETUP.resolve("install-vcsim.sh").toString())).strip());
        Path cert = dir.resolve("vcsim.pem");
        Path key = dir.resolve("vcsim-key.pem");
        selfSigned(dir, cert, key);
        Path passwordFile = dir.resolve("password");
        Files.writeString(passwordFile, password);
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        List<String> command = new java.util.ArrayList<>(List.of(vcsim.toString(), "-l", "127.0.0.1:" + port,
                "-tlscert", cert.toString(), "-tlskey", key.toString(), "-username", USER, "-password", passwordFile.toString(),
                "-ds", Integer.toString(datastores), "-standalone-host", "0"));
        command.addAll(flags);
        Process process = new ProcessBuilder(TestLanes.lowPriority(command)).redirectErrorStream(true)
                .redirectOutput(dir.resolve("vcsim.log").toFile()).start();
        VcsimServer server = new VcsimServer(process, vcsim.resolveSibling("govc"), port, cert, passwordFile);
        server.awaitListening(dir);
        return server;
    }

    String url() {
        return "https://127.0.0.1:" + port + "/sdk";
    }

    /** The certificate vcsim serves, as PEM: the trust store the platform is given. */
    Path certificate() {
        return certificate;
    }

    Path passwordFile() {
        return passwordFile;
    }

    /**
     * The settings of a cluster on this vcsim: its inventory's datacenter, template VM and first two
     * datastores, the test's user with the password from its file, readiness by power state (vcsim's VMs
     * boot no guest), results and state under {@code dir}.
     */
    Map<String, String> clusterSettings(Path dir) {
        Map<String, String> settings = new java.util.LinkedHashMap<>();
        settings.put("cluster.platform", "vsphere");
        settings.put("cluster.vsphere.url", url());
        settings.put("cluster.vsphere.trustStore", certificate.toString());
        settings.put("cluster.vsphere.datacenter", "DC0");
        settings.put("cluster.vsphere.template", "DC0_C0_RP0_VM0");
        settings.put("cluster.vsphere.datastores.app", "LocalDS_0");
        settings.put("cluster.vsphere.datastores.maintenance", "LocalDS_1");
        settings.put("cluster.vsphere.readiness", "power-state");
        settings.put("cluster.vsphere.credentials.username", USER);
        settings.put("cluster.vsphere.credentials.passwordFile", passwordFile.toString());
        settings.put("run.results", dir.resolve("results").toString());
        settings.put("run.stateDir", dir.resolve("state").toString());
        return settings;
    }

    /**
     * Runs govc (installed beside vcsim) against this vcsim as the test user, as an administrator would
     * in another session, e.g. {@code host.maintenance.enter /DC0/host/DC0_C0/DC0_C0_H1}; its output.
     */
    String govc(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(govc.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(Map.of("GOVC_URL", url(), "GOVC_USERNAME", USER,
                "GOVC_PASSWORD", Files.readString(passwordFile), "GOVC_TLS_CA_CERTS", certificate.toString()));
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("govc %s: %s", String.join(" ", args), out).isZero();
        return out;
    }

    /** What a {@code tilemark} command run as a process of its own printed (stdout and stderr), and its exit code. */
    record Result(int exit, String output) {
    }

    /** {@code tilemark <command...> -s key=value ...} as a harness process of its own, at low priority. */
    static Result tilemark(List<String> command, Map<String, String> settings) throws Exception {
        Process process = new ProcessBuilder(TestLanes.lowPriority(TestLanes.harness(command, settings)))
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        return new Result(process.exitValue(), output);
    }

    private void awaitListening(Path dir) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertThat(process.isAlive()).as("vcsim exited: " + Files.readString(dir.resolve("vcsim.log"))).isTrue();
            try (Socket socket = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("vcsim did not listen on " + port + " within 60 s");
    }

    /** A self-signed certificate for 127.0.0.1 by the JDK's keytool; the key exported as PKCS#8 PEM for vcsim. */
    private static void selfSigned(Path dir, Path cert, Path key) throws Exception {
        Path store = dir.resolve("vcsim.p12");
        Files.deleteIfExists(store);
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        run(List.of(keytool, "-genkeypair", "-alias", "vcsim", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-keystore", store.toString(), "-storetype", "PKCS12",
                "-storepass", "vcsim-test", "-keypass", "vcsim-test"));
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, "vcsim-test".toCharArray());
        }
        Files.writeString(cert, pem("CERTIFICATE", keys.getCertificate("vcsim").getEncoded()));
        Files.writeString(key, pem("PRIVATE KEY", keys.getKey("vcsim", "vcsim-test".toCharArray()).getEncoded()));
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    private static String run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(String.join(" ", command)).isZero();
        return out;
    }

    /** SIGKILL, as vCenter's process dying or its host failing: vcsim answers nothing more and says nothing. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
