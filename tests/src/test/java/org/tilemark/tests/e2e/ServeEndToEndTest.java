package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.report.Reports;
import org.tilemark.tests.lanes.ChildRunLane;
import org.tilemark.tests.lanes.TestLanes;

/**
 * {@code tilemark run --serve} of the short e2e run as its own process: curl-like requests get 401
 * without the token; headless Debian Chromium (Selenium) opens the printed URL, sees the live numbers
 * change between two reads, stops the run with the page's button and sees the verdict {@code aborted};
 * the scrape is read by Prometheus' own parser; the bundle is complete. It stops in warm-up, once the
 * page has shown two (5 s) intervals, so it costs provisioning and about 10 s of load. The page's screenshot
 * is target/serve-live-page.png.
 * The harness runs as a process of its own at the lowest CPU priority, beside the local runs ({@link ChildRunLane}).
 */
@ChildRunLane
class ServeEndToEndTest {

    private static final Pattern URL = Pattern.compile("\\[serve] open (http://127\\.0\\.0\\.1:(\\d+))/\\?token=(\\S+)");
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Duration PATIENCE = Duration.ofMinutes(5);

    @Test
    void aRunIsWatchedInABrowserAndStoppedThroughTheWebAppOnlyWithItsToken() throws Exception {
        Map<String, String> settings = E2e.settings("e2e-serve");
        Path datastores = E2e.ownDatastores(settings, "e2e-serve-datastores");
        settings.put("serve.port", "0");
        // 5 s intervals: the page shows its two intervals 10 s into the 20 s warm-up, where the test stops the run.
        settings.put("run.interval", "5s");
        settings.put("workloads.dvdstore.webServers", "1"); // watching the run is the point: two fewer guests to start
        Process harness = new ProcessBuilder(TestLanes.lowPriority(TestLanes.harness(List.of("run", "--serve"), settings)))
                .redirectErrorStream(true).start();
        StringBuffer printed = new StringBuffer();
        Thread reader = Thread.ofVirtual().start(() -> copyLines(harness, printed));
        String base = null;
        String token = null;
        WebDriver browser = null;
        try {
            Matcher url = waitForUrl(printed);
            base = url.group(1);
            token = url.group(3);
            for (HttpRequest request : List.of(get(base + "/api/live").build(), get(base + "/metrics").build(),
                    post(base + "/api/run/stop").build())) {
                assertThat(send(request).statusCode()).as("without the token: " + request.uri()).isEqualTo(401);
            }

            browser = chromium();
            browser.get(url.group(0).substring("[serve] open ".length()));
            String first = until(browser, d -> shown(d).contains("dvdstore") ? shown(d) : null);
            String second = until(browser, d -> shown(d).contains("dvdstore") && !shown(d).equals(first) ? shown(d) : null);
            assertThat(second).as("the live page after the next interval").isNotEqualTo(first);
            assertThat(browser.getCurrentUrl()).as("the page drops the token from the address bar").doesNotContain(token);
            assertThat(browser.findElement(By.id("cluster-cpu")).getText()).as("this machine's CPU, as the local platform reads it")
                    .matches("cluster CPU over the last interval: \\d+\\.\\d % of all cores");

            JsonNode live = E2e.JSON.readTree(send(authorized(base + "/api/live", token)).body());
            assertThat(live.get("interval").get("workloads")).extracting(w -> w.get("workload").asText())
                    .contains("dvdstore", "mail", "olio", "standby");
            String scrape = send(authorized(base + "/metrics", token)).body();
            List<String> samples = PrometheusText.parse(scrape);
            assertThat(samples).anyMatch(s -> s.startsWith("tilemark_workload_throughput{tile=\"1\",unit=\"orders/min\",workload=\"dvdstore\"}"));
            assertThat(samples).anyMatch(s -> s.startsWith("tilemark_workload_p95_seconds{operation=\"order\",tile=\"1\",workload=\"dvdstore\"}"));
            assertThat(scrape).doesNotContain(token);

            browser.findElement(By.id("stop")).click();
            browser.switchTo().alert().accept();
            until(browser, d -> d.findElement(By.id("verdict")).getText().contains("aborted") ? true : null);
            Path screenshot = E2e.TARGET.resolve("serve-live-page.png");
            Files.copy(((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath(), screenshot,
                    StandardCopyOption.REPLACE_EXISTING);
            assertThat(screenshot).isNotEmptyFile();
            assertThat(harness.waitFor(4, TimeUnit.MINUTES)).as("the run ended after the stop; it printed:%n%s", printed).isTrue();
            reader.join(Duration.ofSeconds(10));
        } finally {
            if (browser != null) {
                browser.quit();
            }
            stopCleanly(harness, base, token);
        }
        String out = printed.toString();
        assertThat(harness.exitValue()).as(out).isEqualTo(3);
        assertThat(out).contains("[abort] stop asked through the web app");
        Path bundle;
        try (var runs = Files.list(Path.of(settings.get("run.results")))) {
            bundle = runs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertThat(E2e.json(bundle.resolve("score.json")).get("verdict").asText()).isEqualTo("aborted");
        for (String file : List.of("run.json", "intervals.jsonl", "report.html", "MANIFEST.sha256")) {
            assertThat(bundle.resolve(file)).as(file).isNotEmptyFile();
        }
        assertThat(Manifest.verify(bundle)).isEmpty();
        assertThat(E2e.processesUnder(datastores)).as("guests after the stop").isEmpty();
    }

    @Test
    void serveAloneListsTheBundlesAndHasNoRunToStop() throws Exception {
        Path results = E2e.TARGET.resolve("e2e-serve-alone");
        E2e.deleteTree(results);
        Path bundle = results.resolve("20261123-100000-nc01");
        Path other = results.resolve("20261123-110000-nc02");
        Path golden = Path.of("src/test/resources/bundles/verified-run");
        copyTree(golden, bundle);
        copyTree(golden, other);
        Reports.rebuildAll(bundle); // its report.html and charts, for the results page's link
        Process serve = new ProcessBuilder(TestLanes.lowPriority(TestLanes.harness(List.of("serve"), Map.of("serve.port", "0",
                "run.results", results.toString(), "run.stateDir", E2e.WORK.toString())))).redirectErrorStream(true).start();
        StringBuffer printed = new StringBuffer();
        Thread.ofVirtual().start(() -> copyLines(serve, printed));
        try {
            Matcher url = waitForUrl(printed);
            String base = url.group(1);
            String token = url.group(3);
            assertThat(send(get(base + "/api/bundles").build()).statusCode()).isEqualTo(401);
            JsonNode bundles = E2e.JSON.readTree(send(authorized(base + "/api/bundles", token)).body());
            assertThat(bundles).hasSize(2).last().satisfies(b -> {
                assertThat(b.get("id").asText()).isEqualTo("20261123-100000-nc01");
                assertThat(b.get("verdict").asText()).isEqualTo(E2e.json(bundle.resolve("score.json")).get("verdict").asText());
            });
            HttpResponse<String> stop = send(post(base + "/api/run/stop").header("Authorization", "Bearer " + token).build());
            assertThat(stop.statusCode()).isEqualTo(409);
            assertThat(stop.body()).contains("no run is going").doesNotContain(token);
            HttpResponse<String> bad = send(post(base + "/api/run").header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"settings\": {\"run.tiles\": \"0\"}}")).build());
            assertThat(bad.statusCode()).as("serve starts runs, checked as run checks them").isEqualTo(400);
            assertThat(E2e.JSON.readTree(bad.body()).get("error").asText()).startsWith("run.tiles: ");
            try (var dirs = Files.list(results)) {
                assertThat(dirs).as("nothing created").containsExactlyInAnyOrder(bundle, other);
            }
            resultsPageInABrowser(url.group(0).substring("[serve] open ".length()), token);
        } finally {
            serve.destroy(); // SIGTERM: the shutdown hook closes the server, as Ctrl-C does
        }
        assertThat(serve.waitFor(1, TimeUnit.MINUTES)).as(printed.toString()).isTrue();
    }

    /**
     * The results page in Chromium: both bundles listed; A and B picked and compared, the page shows compare's
     * output and links its report; a bundle's report link opens the report with its charts through the page's
     * cookie (SameSite, HttpOnly), the token in no URL. Screenshot: target/serve-results-page.png.
     */
    private static void resultsPageInABrowser(String url, String token) throws Exception {
        WebDriver browser = chromium();
        try {
            browser.get(url);
            until(browser, d -> d.findElements(By.cssSelector("#bundles tbody tr")).size() == 2 ? true : null);
            browser.findElement(By.id("a-20261123-100000-nc01")).click();
            browser.findElement(By.id("b-20261123-110000-nc02")).click();
            browser.findElement(By.id("compare")).click();
            String output = until(browser, d -> d.findElement(By.id("compare-output")).getText().contains("unit:")
                    ? d.findElement(By.id("compare-output")).getText() : null);
            assertThat(output).contains("compare bundle: ");
            assertThat(browser.findElement(By.cssSelector("#compare-report a")).getAttribute("href")).contains("/results/compare-");
            Path screenshot = E2e.TARGET.resolve("serve-results-page.png");
            Files.copy(((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath(), screenshot,
                    StandardCopyOption.REPLACE_EXISTING);

            String page = browser.getWindowHandle();
            browser.findElement(By.linkText("report")).click();
            String report = until(browser, d -> d.getWindowHandles().stream().filter(h -> !h.equals(page)).findFirst().orElse(null));
            browser.switchTo().window(report);
            until(browser, d -> d.getCurrentUrl().endsWith("/report.html") && !d.findElements(By.tagName("img")).isEmpty() ? true : null);
            assertThat(browser.getCurrentUrl()).doesNotContain(token);
            Object drawn = ((org.openqa.selenium.JavascriptExecutor) browser).executeScript(
                    "return Array.from(document.images).every(i => i.complete && i.naturalWidth > 0);");
            assertThat(drawn).as("every chart of the report loaded through the cookie").isEqualTo(true);
        } finally {
            browser.quit();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var paths = Files.walk(from)) {
            for (Path p : paths.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** The first non-null answer of {@code read} on the page, looking every half second. */
    private static <T> T until(WebDriver page, Function<WebDriver, T> read) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            T value = read.apply(page);
            if (value != null) {
                return value;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the page never showed it; it shows:\n" + page.findElement(By.tagName("body")).getText());
    }

    /** What the live page shows of the run: time left and the workloads' rows. */
    private static String shown(WebDriver page) {
        return page.findElement(By.id("left")).getText() + "\n" + page.findElement(By.cssSelector("#workloads tbody")).getText();
    }

    /** Debian's Chromium, headless, with the flags this machine's closed network needs. */
    private static WebDriver chromium() throws IOException {
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1400,900",
                "--user-data-dir=" + Files.createTempDirectory(E2e.TARGET, "chromium-"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File("/usr/bin/chromedriver")).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** A run this test failed in the middle of is stopped the clean way, so no guest outlives it. */
    private static void stopCleanly(Process harness, String base, String token) throws Exception {
        if (harness.isAlive() && base != null) {
            try {
                send(post(base + "/api/run/stop").header("Authorization", "Bearer " + token).build());
                harness.waitFor(4, TimeUnit.MINUTES);
            } catch (IOException gone) {
                // the server is already closing
            }
        }
        harness.destroyForcibly();
    }

    private static Matcher waitForUrl(StringBuffer printed) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            Matcher m = URL.matcher(printed);
            if (m.find()) {
                return m;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no [serve] line; the harness printed:\n" + printed);
    }

    private static void copyLines(Process process, StringBuffer printed) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                printed.append(line).append('\n');
            }
        } catch (IOException ended) {
            // the process is gone
        }
    }

    private static HttpRequest.Builder get(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET();
    }

    private static HttpRequest authorized(String url, String token) {
        return get(url).header("Authorization", "Bearer " + token).build();
    }

    private static HttpRequest.Builder post(String url) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.noBody());
    }

    private static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
