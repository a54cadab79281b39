package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;
import org.tilemark.templates.guest.HostPort;
import org.tilemark.tests.image.TestGuestImage;
import org.tilemark.tests.lanes.VmLane;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.Workloads;

/**
 * Every role of a tile boots from the guest image to its readiness report on the two-host lab
 * ({@link LibvirtTestHosts}, QEMU's software emulation): one VM per role, as the workloads ask for them
 * (their settings, secrets and peers; small data), two at a time on the two hosts, databases before the
 * web VMs that name them. Each reports ready with the image's manifest and an address from the lab's own
 * DHCP server, and each of its ports answers (an HTTP status line, the SMTP/IMAP greeting, a TCP accept).
 */
@VmLane
// On demand (tests/pom.xml): it passed on a quiet machine in 1,315 s (2026-11-28), more than the suite's VM lane has to
// spare beside its ~30 minutes; docs/platforms/libvirt.md. Remove the tag to put it in ./tilemark test.
@Tag("libvirt-tcg")
class LibvirtRoleBootTest {

    @RegisterExtension
    static final LibvirtLab LAB = new LibvirtLab("libvirt-role-boot");
    private static final Duration BOOT_TIMEOUT = Duration.ofMinutes(20);
    /** Two at a time (two cores); a database before the web VM that names it. */
    private static final List<List<String>> PAIRS = List.of(
            List.of("dvdstore-db", "olio-db"), List.of("dvdstore-web", "olio-web"), List.of("mail", "standby"));
    private static final String PASSWORD = "role-boot-" + UUID.randomUUID();

    @Test
    void everyRoleBootsFromTheImageToAReadyReportAndServes() throws Exception {
        String guestManifestSha256 = TestGuestImage.get().manifest().image().guestManifestSha256();
        Map<String, String> settings = new LinkedHashMap<>(LAB.hosts().clusterSettings());
        settings.put("workloads.dvdstore.size", "1MB");
        settings.put("workloads.dvdstore.webServers", "1");
        settings.put("workloads.mail.users", "4");
        settings.put("workloads.mail.messagesPerMailbox", "5");
        settings.put("workloads.mail.mailboxSize", "0B"); // the 5 messages alone: a TCG guest writes mail slowly
        settings.put("workloads.olio.users", "1"); // the minimum of loaded users (25)
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), settings);
        Map<String, VmRequest> byRole = new TreeMap<>();
        for (Workload workload : Workloads.enabled(spec)) {
            for (VmRequest request : workload.vms(1, spec, (name, env, file) -> PASSWORD)) {
                byRole.putIfAbsent(request.role(), request);
            }
        }
        assertThat(byRole.keySet()).as("the tile's roles").containsExactlyInAnyOrderElementsOf(
                PAIRS.stream().flatMap(List::stream).toList());

        String runId = "roles-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> hostNames = new ArrayList<>(LAB.hosts().uris().keySet());
        Map<String, Vm> up = new LinkedHashMap<>();
        Map<String, Duration> bootTimes = new ConcurrentHashMap<>();
        try (Platform platform = Platforms.create(spec.cluster());
             ExecutorService starters = Executors.newVirtualThreadPerTaskExecutor()) {
            try {
                for (List<String> pair : PAIRS) {
                    List<CompletableFuture<Void>> boots = new ArrayList<>();
                    for (int i = 0; i < pair.size(); i++) {
                        VmRequest request = byRole.get(pair.get(i));
                        Vm vm = deploy(platform, runId, request, hostNames.get(i % hostNames.size()), up);
                        up.put(request.name(), vm);
                        boots.add(CompletableFuture.runAsync(() -> bootTimes.put(vm.role(), powerOn(platform, vm)), starters));
                    }
                    CompletableFuture.allOf(boots.toArray(CompletableFuture[]::new)).join();
                    for (String role : pair) {
                        Vm vm = up.get(byRole.get(role).name());
                        assertThat(platform.guestImage(vm)).as("%s: the image it reports", role)
                                .hasValueSatisfying(image -> assertThat(image.manifestSha256()).isEqualTo(guestManifestSha256));
                        platform.endpoints(vm).forEach((port, endpoint) -> assertAnswers(role, port, endpoint));
                        System.out.printf("role %s (%s on %s): ready in %d s at %s, served by %s%n", role, vm.name(), vm.host(),
                                bootTimes.get(role).toSeconds(), platform.endpoints(vm), platform.guestServer(vm).orElse(null));
                    }
                }
            } finally {
                platform.cleanup(runId);
                assertThat(platform.leftovers(runId)).as("left after cleanup").isEmpty();
            }
        }
        System.out.println("boot to ready report per role (s): " + PAIRS.stream().flatMap(List::stream)
                .map(role -> role + " " + bootTimes.get(role).toSeconds()).toList());
    }

    private static Vm deploy(Platform platform, String runId, VmRequest request, String host, Map<String, Vm> up)
            throws PlatformException {
        RoleTemplate role = RoleCatalog.forRole(request.role());
        Template template = platform.ensureTemplate(new TemplateRequest(role, new TemplateId(role.role(), request.templateInfo()),
                request.templateInfo(), request.secrets(), BOOT_TIMEOUT));
        Map<String, Map<String, HostPort>> peers = new TreeMap<>();
        for (String peer : request.peers()) {
            assertThat(up).as("%s needs %s up first", request.name(), peer).containsKey(peer);
            Map<String, HostPort> ports = new LinkedHashMap<>();
            platform.endpoints(up.get(peer)).forEach((port, at) -> ports.put(port, new HostPort(at.getHostString(), at.getPort())));
            peers.put(peer, ports);
        }
        return platform.deploy(new VmSpec(request.name(), runId, 1, template, role, host, "app", request.settings(), peers,
                request.secrets()));
    }

    private static Duration powerOn(Platform platform, Vm vm) {
        long started = System.nanoTime();
        try {
            platform.powerOn(vm, BOOT_TIMEOUT);
        } catch (PlatformException e) {
            throw new CompletionException(e);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        System.out.printf("%s (%s) reported ready after %d s%n", vm.name(), vm.role(), took.toSeconds());
        return took;
    }

    /** The port answers as its protocol does: mail servers greet first, web servers answer a request, a database accepts. */
    private static void assertAnswers(String role, String port, InetSocketAddress endpoint) {
        try (Socket socket = new Socket()) {
            socket.connect(endpoint, 10_000);
            socket.setSoTimeout(60_000);
            String first = switch (port) {
                case "smtp", "imap" -> firstLine(socket.getInputStream());
                default -> role.endsWith("-db") ? "accepted" : httpStatusLine(socket, endpoint);
            };
            System.out.printf("  %s %s %s: %s%n", role, port, endpoint, first);
            switch (port) {
                case "smtp" -> assertThat(first).as("%s smtp greeting", role).startsWith("220");
                case "imap" -> assertThat(first).as("%s imap greeting", role).startsWith("* OK");
                default -> assertThat(first).as("%s %s", role, port).matches("accepted|HTTP/1\\.[01] [1-4]\\d\\d.*");
            }
        } catch (IOException e) {
            throw new AssertionError(role + " " + port + " at " + endpoint + " does not answer: " + e, e);
        }
    }

    private static String httpStatusLine(Socket socket, InetSocketAddress endpoint) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(("GET / HTTP/1.1\r\nHost: " + endpoint.getHostString() + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return firstLine(socket.getInputStream());
    }

    private static String firstLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
            line.append((char) c);
        }
        return line.toString().strip();
    }
}
