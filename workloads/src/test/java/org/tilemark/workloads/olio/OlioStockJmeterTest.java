package org.tilemark.workloads.olio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.functions.Property;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.timers.JSR223Timer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.config.BenchmarkSpec;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The exported .jmx run by JMeter's own non-GUI runner ({@code jmeter -n -t plan.jmx -l results.jtl}) in
 * a separate JVM, from Maven Central's JMeter jars and a minimal JMETER_HOME, against the fake web
 * tier: proves the plan needs nothing of Tilemark's (no lambdas, no custom classes) and runs clean.
 */
@Isolated // its load must show every operation in a few seconds
class OlioStockJmeterTest {

    private static final int USERS = 6;

    @Test
    void exportedPlanRunsInStockJmeterWithoutErrors(@TempDir Path dir) throws Exception {
        BenchmarkSpec spec = OlioWorkloadTest.spec(Map.of("workloads.olio.users", Integer.toString(USERS),
                "workloads.olio.cycleTime", "40ms", "workloads.olio.requestTimeout", "5s"));
        OlioSpec olio = spec.workloads().section(OlioSpec.class);
        try (FakeOlioServer server = new FakeOlioServer(olio.loadedUsers())) {
            Path jmx = dir.resolve("plan.jmx");
            // deliberately wrong defaults (target, upload folder): only the -J properties make the run work
            OlioTestPlan.saveAsJmx(OlioPlanSettings.exported(olio, "192.0.2.1", 9, Duration.ofMinutes(5),
                    dir.resolve("no-such-folder")), jmx);
            Path uploads = OlioAssets.writeTo(dir.resolve("uploads"));
            String xml = Files.readString(jmx);
            assertTrue(xml.contains("${__P(olio.host,192.0.2.1)}"), "host is a property");
            assertFalse(xml.contains("tilemark.olio.recorder") || xml.contains("org.tilemark"), "no Tilemark classes in the plan");

            Path home = minimalJmeterHome(dir.resolve("jmeter-home"));
            Path jtl = dir.resolve("results.jtl");
            Path console = dir.resolve("console.txt");
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Dlogback.configurationFile=" + home.resolve("bin/logback-test.xml"),
                    "-Djmeter.home=" + home,
                    "-cp", System.getProperty("java.class.path"), StockJmeter.class.getName(),
                    "-n", "-t", jmx.toString(), "-l", jtl.toString(), "-j", dir.resolve("jmeter.log").toString(),
                    "-d", home.toString(),
                    // 15 s: the rarest operation (AddPerson) went unsampled in 8 s on a loaded machine.
                    "-Jolio.host=127.0.0.1", "-Jolio.port=" + server.address().getPort(),
                    "-Jolio.durationSeconds=15", "-Jolio.uploadDir=" + uploads,
                    "-Jjmeter.save.saveservice.output_format=csv",
                    "-Jjmeter.save.saveservice.response_message=false",
                    "-Jjmeter.save.saveservice.failure_message=false",
                    "-Jjmeter.save.saveservice.url=false"));
            Process jmeter = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
            boolean exited = jmeter.waitFor(120, TimeUnit.SECONDS);
            if (!exited) {
                jmeter.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String output = Files.readString(console);
            assertTrue(Files.exists(jtl), "no JTL; JMeter said:\n" + output);

            Map<String, Integer> samples = new HashMap<>();
            List<String> failed = new ArrayList<>();
            List<String> lines = Files.readAllLines(jtl);
            List<String> header = Arrays.asList(lines.get(0).split(","));
            int label = header.indexOf("label");
            int success = header.indexOf("success");
            int code = header.indexOf("responseCode");
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.split(",");
                samples.merge(fields[label], 1, Integer::sum);
                if (!"true".equals(fields[success])) {
                    failed.add(line);
                }
            }
            System.out.println("stock JMeter samples by label: " + samples);
            assertEquals(List.of(), List.copyOf(server.violations), "requests breaking the contract");
            assertEquals(List.of(), failed, "failed samples (responseCode column " + code + ")");
            for (String op : OlioMarkovChain.OPERATIONS) {
                assertTrue(samples.getOrDefault(op, 0) > 0, op + " never sampled: " + samples);
            }
            assertTrue(output.contains("Err:     0 (0.00%)") && !output.matches("(?s).*Err: +[1-9].*"),
                    "summariser reports errors:\n" + output);
            assertTrue(exited, "stock JMeter did not exit after its 15 s run:\n" + output);
        }
    }

    /** JMETER_HOME as a distribution lays it out: bin/ from ApacheJMeter_config, function and sampler jars in lib/ext. */
    private static Path minimalJmeterHome(Path home) throws IOException, URISyntaxException {
        Path bin = Files.createDirectories(home.resolve("bin"));
        for (String file : List.of("jmeter.properties", "saveservice.properties", "upgrade.properties",
                "system.properties", "user.properties")) {
            try (InputStream in = JMeter.class.getResourceAsStream("/bin/" + file)) {
                if (in != null) {
                    Files.copy(in, bin.resolve(file), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        assertTrue(Files.exists(bin.resolve("jmeter.properties")) && Files.exists(bin.resolve("saveservice.properties")),
                "ApacheJMeter_config holds bin/*.properties");
        Files.writeString(bin.resolve("logback-test.xml"), """
                <configuration>
                  <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{20} - %msg%n</pattern></encoder>
                  </appender>
                  <root level="WARN"><appender-ref ref="OUT"/></root>
                </configuration>
                """);
        Path ext = Files.createDirectories(home.resolve("lib/ext"));
        for (Class<?> inJar : List.of(Property.class, HTTPSamplerProxy.class, JSR223Timer.class)) {
            Path jar = Path.of(inJar.getProtectionDomain().getCodeSource().getLocation().toURI());
            Files.copy(jar, ext.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
        return home;
    }

    /** What JMeter's launcher (NewDriver) does once the class path is set: hand the arguments to JMeter. */
    public static final class StockJmeter {

        public static void main(String[] args) {
            new JMeter().start(args);
        }
    }
}
