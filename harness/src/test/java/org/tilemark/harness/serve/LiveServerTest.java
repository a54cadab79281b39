package org.tilemark.harness.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.run.LiveSamples;
import org.tilemark.harness.run.RunListener;

/**
 * The web app on a free loopback port over two report test bundles, told a run's interval (through the run's
 * own live and metrics publishers, {@link LiveSamples}) and infrastructure operation through its
 * {@link RunListener} as a run tells them (what a run tells is {@code MeasurementLoopTest}'s and {@code InfraRunTest}'s). Real HTTP; the scrape is checked with
 * Prometheus' own text parser (Go's expfmt, src/test/go/promparse).
 */
class LiveServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COMPLIANT_ID = "20261123-090000-cd34";
    private static final String NONCOMPLIANT_ID = "20261123-100000-nc01";

    @TempDir
    static Path tmp;

    private static LiveServer server;
    private static String token;
    private static String printed;
    private static final AtomicInteger stops = new AtomicInteger();
    private static final AtomicInteger launches = new AtomicInteger();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeAll
    static void start() throws Exception {
        Path results = tmp.resolve("results");
        copy(Path.of("src/test/resources/report/full-tile-bundle"), results.resolve(COMPLIANT_ID));
        copy(Path.of("src/test/resources/report/noncompliant-bundle"), results.resolve(NONCOMPLIANT_ID));
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("run.results", results.toString(),
                "run.stateDir", tmp.resolve("state").toString(), "serve.port", "0"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        server = LiveServer.start(spec, Map.of(), new PrintStream(console, true, StandardCharsets.UTF_8));
        printed = console.toString(StandardCharsets.UTF_8);
        token = Files.readString(tmp.resolve("state/secrets/serve-token")).trim();
        server.control(() -> {
            stops.incrementAndGet();
            return true;
        });
        server.launcher(request -> {
            launches.incrementAndGet();
            return false;
        });
        RunListener run = server.listener();
        run.started("run-live", results.resolve("run-live"));
        LiveSamples.tell(run, Instant.parse("2026-11-24T06:00:10Z"), 1, 2, Duration.ofSeconds(10), Duration.ofSeconds(30),
                41.25, List.of(
                        new LiveSamples.Row(1, "dvdstore", "orders/min", 287.5, 300, "purchase", 812, 640,
                                Duration.ofSeconds(2), List.of(), 35, 0),
                        new LiveSamples.Row(1, "mail", "actions/min", 150, 165, "send", 620, 480, Duration.ofMillis(500),
                                List.of("p95 of send = 620 ms > 500 ms"), 12, 1)));
        run.event("2026-11-24T06:00:07Z", "VM tile1-standby (standby, tile 1) stopped: guest process exited");
        LiveSamples.infraOperation(run, new InfraOpLine("vmotion", 1, "tile1-dvdstore-web-1", "dvdstore-web", 1,
                new org.tilemark.infra.platform.Placement("host-0", "app"), new org.tilemark.infra.platform.Placement("host-1", "app"),
                "2026-11-24T06:00:01Z", "2026-11-24T06:00:04Z", 3000L, 1L << 30, "memory", 40L, null, 900L << 20,
                InfraOpLine.SUCCEEDED, null, 1));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void theTokenIsGeneratedOwnerOnlyAndPrintedOnceAsTheUrlToOpen() throws Exception {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp.resolve("state/secrets/serve-token"))))
                .isEqualTo("rw-------");
        assertThat(token).hasSizeGreaterThanOrEqualTo(20);
        assertThat(printed).contains("http://127.0.0.1:" + server.port() + "/?token=" + token);
        assertThat(printed.split(token, -1)).as("printed once").hasSize(2);
    }

    @Test
    void everyProtectedEndpointAnswers401WithoutTheTokenOrWithAWrongOne() throws Exception {
        List<HttpRequest.Builder> protectedRequests = List.of(get("/api/bundles"), get("/api/bundles/" + COMPLIANT_ID),
                get("/api/live"), get("/api/live/events"), get("/metrics"),
                request("/api/run/stop").POST(HttpRequest.BodyPublishers.noBody()),
                request("/api/run").header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")),
                request("/api/session").POST(HttpRequest.BodyPublishers.noBody()),
                request("/api/compare").header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                        "{\"a\":\"" + COMPLIANT_ID + "\",\"b\":\"" + NONCOMPLIANT_ID + "\"}")),
                get("/results/" + COMPLIANT_ID + "/run.json"));
        int stopsBefore = stops.get();
        for (HttpRequest.Builder builder : protectedRequests) {
            HttpRequest bare = builder.copy().build();
            assertThat(send(bare).statusCode()).as("no token: " + bare.uri()).isEqualTo(401);
            HttpRequest wrong = builder.copy().header("Authorization", "Bearer " + token + "x").build();
            assertThat(send(wrong).statusCode()).as("wrong token: " + bare.uri()).isEqualTo(401);
            HttpRequest wrongQuery = builder.copy().uri(URI.create(bare.uri() + "?token=" + token.substring(1))).build();
            assertThat(send(wrongQuery).statusCode()).as("wrong query token: " + bare.uri()).isEqualTo(401);
        }
        assertThat(stops.get()).as("no refused stop reached the run").isEqualTo(stopsBefore);
        assertThat(launches.get()).as("no refused start reached the launcher").isZero();
        assertThat(send(get("/").build()).statusCode()).as("the page itself needs no token").isEqualTo(200);
    }

    @Test
    void bundlesAreListedWithVerdictAndHeadlineAndReadWhole() throws Exception {
        JsonNode list = JSON.readTree(send(authorized("/api/bundles")).body());
        assertThat(list).extracting(b -> b.get("id").asText()).containsExactly(NONCOMPLIANT_ID, COMPLIANT_ID);
        JsonNode first = list.get(1);
        assertThat(first.get("verdict").asText()).isEqualTo("non-compliant");
        assertThat(first.get("scoreLine").asText()).startsWith("Score: 0.99 @ 1 tile");
        assertThat(first.get("tiles").asInt()).isEqualTo(1);

        HttpResponse<String> one = send(authorized("/api/bundles/" + NONCOMPLIANT_ID));
        assertThat(one.statusCode()).isEqualTo(200);
        JsonNode detail = JSON.readTree(one.body());
        assertThat(detail.get("score").get("verdict").asText()).isEqualTo(detail.get("summary").get("verdict").asText());
        assertThat(detail.get("files")).extracting(JsonNode::asText).contains("run.json", "score.json", "intervals.jsonl");
        assertThat(send(authorized("/api/bundles/no-such-run")).statusCode()).isEqualTo(404);
        assertThat(send(authorized("/api/bundles/..%2Fstate")).statusCode()).isIn(400, 404);
    }

    @Test
    void liveStateAndItsEventStreamCarryTheLastIntervalAndOperations() throws Exception {
        JsonNode live = JSON.readTree(send(authorized("/api/live")).body());
        assertThat(live.get("status").asText()).isEqualTo("running");
        assertThat(live.get("bundle").asText()).isEqualTo("run-live");
        JsonNode mail = live.get("interval").get("workloads").get(1);
        assertThat(mail.get("qosPassed").asBoolean()).isFalse();
        assertThat(mail.get("qosLimitMs").asDouble()).isEqualTo(500);
        assertThat(live.get("operations").get(0).get("to").get("host").asText()).isEqualTo("host-1");
        assertThat(live.get("interval").get("clusterCpuPercent").asDouble()).isEqualTo(41.25);
        assertThat(live.get("events").get(0).get("what").asText()).startsWith("VM tile1-standby (standby, tile 1) stopped");

        JsonNode event = JSON.readTree(firstEvent());
        assertThat(event).isEqualTo(live);
    }

    @Test
    void metricsAreAcceptedByPrometheusTextParserWithEveryDocumentedSeries() throws Exception {
        HttpResponse<String> scrape = send(authorized("/metrics"));
        assertThat(scrape.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
        List<String> samples = prometheusParse(scrape.body());
        assertThat(samples).contains(
                "tilemark_workload_throughput{tile=\"1\",unit=\"orders/min\",workload=\"dvdstore\"} 287.5",
                "tilemark_workload_target{tile=\"1\",unit=\"orders/min\",workload=\"dvdstore\"} 300",
                "tilemark_workload_p95_seconds{operation=\"purchase\",tile=\"1\",workload=\"dvdstore\"} 0.812",
                "tilemark_workload_p90_seconds{operation=\"send\",tile=\"1\",workload=\"mail\"} 0.48",
                "tilemark_workload_qos_limit_seconds{operation=\"send\",percentile=\"95\",tile=\"1\",workload=\"mail\"} 0.5",
                "tilemark_workload_qos_passed{tile=\"1\",workload=\"dvdstore\"} 1",
                "tilemark_workload_qos_passed{tile=\"1\",workload=\"mail\"} 0",
                "tilemark_workload_schedule_lag_p99_seconds{tile=\"1\",workload=\"dvdstore\"} 0.035",
                "tilemark_run_phase{} 1",
                "tilemark_run_seconds_left{} 30",
                "tilemark_cluster_cpu_percent{} 41.25",
                "tilemark_infra_operations_total{operation=\"vmotion\",outcome=\"succeeded\"} 1",
                "tilemark_infra_operation_duration_seconds{operation=\"vmotion\"} 1");
    }

    @Test
    void stopReachesTheRunOnlyWithTheTokenAndSaysSoWhenThereIsNoRun() throws Exception {
        int before = stops.get();
        HttpResponse<String> accepted = send(request("/api/run/stop").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.noBody()).build());
        assertThat(accepted.statusCode()).isEqualTo(202);
        assertThat(stops.get()).isEqualTo(before + 1);
    }

    @Test
    void noPageResponseHeaderOrMetricHoldsTheToken() throws Exception {
        List<String> paths = List.of("/", "/index.html", "/app.js", "/openapi.yaml", "/api/bundles",
                "/api/bundles/" + COMPLIANT_ID, "/api/bundles/" + NONCOMPLIANT_ID, "/api/live", "/metrics", "/no-such-page");
        for (String path : paths) {
            for (HttpRequest request : List.of(get(path).build(), authorized(path))) {
                HttpResponse<String> response = send(request);
                assertThat(response.body()).as(path).doesNotContain(token);
                assertThat(headers(response.headers())).as(path).doesNotContain(token);
            }
        }
        assertThat(firstEvent()).doesNotContain(token);
        HttpResponse<String> stopped = send(request("/api/run/stop").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.noBody()).build());
        assertThat(stopped.body()).doesNotContain(token);
        assertThat(send(get("/").build()).headers().firstValue("Referrer-Policy")).contains("no-referrer");
    }

    @Test
    void theServedOpenApiFileDocumentsExactlyTheMappedPathsAndMethods() throws Exception {
        HttpResponse<String> file = send(get("/openapi.yaml").build());
        assertThat(file.statusCode()).isEqualTo(200);
        JsonNode openApi = new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
                .readTree(file.body());
        java.util.Set<String> documented = new java.util.TreeSet<>();
        openApi.get("paths").properties().forEach(path -> path.getValue().fieldNames()
                .forEachRemaining(method -> documented.add(method.toUpperCase(java.util.Locale.ROOT) + " " + path.getKey())));
        java.util.Set<String> mapped = new java.util.TreeSet<>();
        for (java.lang.reflect.Method m : Stream.of(ApiController.class, ResultsController.class)
                .flatMap(c -> Stream.of(c.getDeclaredMethods())).toList()) {
            var getMapping = m.getAnnotation(org.springframework.web.bind.annotation.GetMapping.class);
            var postMapping = m.getAnnotation(org.springframework.web.bind.annotation.PostMapping.class);
            if (getMapping != null) {
                Stream.concat(Stream.of(getMapping.value()), Stream.of(getMapping.path())).forEach(p -> mapped.add("GET " + p));
            }
            if (postMapping != null) {
                Stream.concat(Stream.of(postMapping.value()), Stream.of(postMapping.path())).forEach(p -> mapped.add("POST " + p));
            }
        }
        // Spring's "rest of the path" variable is OpenAPI's plain one
        assertThat(documented).isEqualTo(mapped.stream().map(p -> p.replace("{*", "{")).collect(java.util.stream.Collectors.toSet()))
                .hasSize(10);
    }

    @Test
    void itListensOnLoopbackOnlyByDefault() throws Exception {
        Optional<InetAddress> other = NetworkInterface.networkInterfaces().filter(LiveServerTest::up)
                .flatMap(NetworkInterface::inetAddresses).filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress())
                .findFirst();
        org.junit.jupiter.api.Assumptions.assumeTrue(other.isPresent(), "this machine has no address but loopback");
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(other.get(), server.port()), 2000);
            org.assertj.core.api.Assertions.fail("connected on " + other.get() + ":" + server.port());
        } catch (java.io.IOException refused) {
            assertThat(refused).isNotNull();
        }
    }

    /** The first event of the stream, its data. */
    private static String firstEvent() throws Exception {
        HttpResponse<InputStream> stream = HTTP.send(get("/api/live/events?token=" + token).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(stream.headers().firstValue("Content-Type").orElse("")).startsWith("text/event-stream");
        try (InputStream body = stream.body();
             BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.startsWith("data:")) {
                    return line.substring("data:".length());
                }
            }
        }
        throw new AssertionError("the stream ended without an event");
    }

    /** Every sample as Prometheus' parser reads it: name{labels} value. */
    private static List<String> prometheusParse(String scrape) throws Exception {
        Path program = Path.of("src/test/go/promparse").toAbsolutePath();
        Process parser = new ProcessBuilder(go(), "run", ".").directory(program.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        parser.getOutputStream().write(scrape.getBytes(StandardCharsets.UTF_8));
        parser.getOutputStream().close();
        String out = new String(parser.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(parser.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(parser.exitValue()).as("Prometheus' parser accepts the scrape:%n%s", scrape).isZero();
        return out.lines().toList();
    }

    private static String go() {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.concat(Stream.of(path.split(java.io.File.pathSeparator)), Stream.of("/usr/local/go/bin", "/usr/lib/go/bin"))
                .map(dir -> Path.of(dir, "go")).filter(Files::isExecutable).findFirst().map(Path::toString).orElse("go");
    }

    private static boolean up(NetworkInterface nic) {
        try {
            return nic.isUp();
        } catch (java.net.SocketException e) {
            return false;
        }
    }

    private static String headers(HttpHeaders headers) {
        return headers.map().toString();
    }

    private static HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).timeout(Duration.ofSeconds(30));
    }

    private static HttpRequest.Builder get(String path) {
        return request(path).GET();
    }

    private static HttpRequest authorized(String path) {
        return get(path).header("Authorization", "Bearer " + token).build();
    }

    private static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A test bundle's tree into a results directory (also ResultsPageTest's). */
    static void copy(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }
}
