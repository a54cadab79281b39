package org.tilemark.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.report.Manifest;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.storage.StorageRun;

/** {@code tilemark storage}: a small matrix on two I/O VMs, and a datastore that cannot be used. */
class StorageEndToEndTest {

    @Test
    void aSmallMatrixRunsInLockstepAndWritesTablesChartsAndABundle() throws Exception {
        Map<String, String> settings = shortPoints(settings("e2e-storage"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        int exit = new StorageRun(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of())
                .run(E2e.spec(settings), true);

        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(printed).isEqualTo(RunOutcome.COMPLIANT);
        assertThat(printed).contains("IOPS").containsPattern("4 KB +[0-9,]+ +[0-9,]+ +[0-9,]+ +[0-9,]+")
                .contains("70/30 read/write, 4 KB + 64 KB:");
        Path bundle;
        try (var runs = Files.list(E2e.TARGET.resolve("e2e-storage"))) {
            bundle = runs.findFirst().orElseThrow();
        }
        List<String> points = Files.readAllLines(bundle.resolve("storage.jsonl"));
        assertThat(points).hasSize(9); // 2 sizes x 4 patterns + the database-like spec
        for (String line : points) {
            var point = E2e.JSON.readTree(line);
            assertThat(point.get("iops").asDouble()).as(line).isPositive();
            assertThat(point.get("vms").asInt()).isEqualTo(2);
            assertThat(point.get("errors").asLong()).isZero();
        }
        for (String chart : List.of("storage-mbps.png", "storage-iops.png", "storage-response-time.png", "storage-iops-per-cpu.png")) {
            assertThat(ImageIO.read(bundle.resolve("charts").resolve(chart).toFile())).as(chart).isNotNull();
        }
        assertThat(Files.readString(bundle.resolve("tables.txt"))).contains("MB/s per % CPU");
        assertThat(Files.readAllLines(bundle.resolve("storage.csv"))).hasSize(10);
        assertThat(Files.readString(bundle.resolve("report.html"))).contains("<table>").contains("sequential read");
        assertThat(Manifest.verify(bundle)).isEmpty();
        // The I/O VMs and their data disks are gone.
        assertThat(E2e.processesUnder(E2e.WORK.resolve("datastores"))).isEmpty();
        try (var left = Files.walk(E2e.WORK.resolve("datastores"))) {
            assertThat(left.filter(p -> p.getFileName().toString().matches("data[0-9]+\\.bin")).toList()).isEmpty();
        }
    }

    @Test
    void aMissingDatastoreIsBadInputNamingTheKeyAndCreatesNothing() throws Exception {
        Map<String, String> settings = settings("e2e-storage-bad");
        settings.put("cluster.local.datastores.app", "/nonexistent/tilemark-datastore");
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        int exit = new StorageRun(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of())
                .run(E2e.spec(settings), true);

        assertThat(exit).isEqualTo(RunOutcome.BAD_INPUT);
        assertThat(console.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("error: cluster.local.datastores.app: /nonexistent/tilemark-datastore does not exist");
        assertThat(E2e.TARGET.resolve("e2e-storage-bad")).doesNotExist();
    }

    @Test
    void aScalingRunOverOneAndTwoHostsWithTwoAndFourVmsProducesItsTable() throws Exception {
        Map<String, String> settings = shortPoints(settings("e2e-storage-scaling"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        int exit = new org.tilemark.harness.storage.StorageScalingRun(new PrintStream(console, true, StandardCharsets.UTF_8),
                new PrintStream(console, true, StandardCharsets.UTF_8), Map.of()).run(E2e.spec(settings), true, List.of(1, 2), List.of(2, 4), List.of(1), List.of("database-like"));

        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(printed).isEqualTo(RunOutcome.COMPLIANT);
        assertThat(printed).contains("VMs and hosts").containsPattern("\\n +1 +2 +1 \\| [0-9,]+, ")
                .containsPattern("\\n +1 +4 +1 \\| ").containsPattern("\\n +2 +2 +1 \\| ").containsPattern("\\n +2 +4 +1 \\| ");
        Path bundle;
        try (var runs = Files.list(E2e.TARGET.resolve("e2e-storage-scaling"))) {
            bundle = runs.findFirst().orElseThrow();
        }
        assertThat(Files.readAllLines(bundle.resolve("scaling.jsonl"))).hasSize(4);
        assertThat(Files.readAllLines(bundle.resolve("scaling.csv"))).hasSize(5);
        assertThat(Manifest.verify(bundle)).isEmpty();
        assertThat(E2e.processesUnder(E2e.WORK.resolve("datastores"))).isEmpty();
    }

    @Test
    void metadataInterferenceReportsIoPerIntervalAgainstTheCreateDeleteInterval() throws Exception {
        Map<String, String> settings = settings("e2e-storage-interference");
        settings.put("storage.interference.quick.start", "2s");
        settings.put("storage.interference.quick.step", "1s");
        settings.put("storage.interference.quick.stepDuration", "2s");
        settings.put("storage.interference.quick.interval", "1s");
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        int exit = new org.tilemark.harness.storage.StorageInterferenceRun(new PrintStream(console, true, StandardCharsets.UTF_8),
                new PrintStream(console, true, StandardCharsets.UTF_8), Map.of()).run(E2e.spec(settings), true);

        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(printed).isEqualTo(RunOutcome.COMPLIANT);
        assertThat(printed).contains("baseline (no metadata loop)").contains("every 2 s").contains("every 1 s")
                .contains("back to back").containsPattern("(I/O drops more than 5 % below the baseline at|No step dropped I/O)");
        Path bundle;
        try (var runs = Files.list(E2e.TARGET.resolve("e2e-storage-interference"))) {
            bundle = runs.findFirst().orElseThrow();
        }
        List<String> intervals = Files.readAllLines(bundle.resolve("interference.jsonl"));
        assertThat(intervals).hasSize(8); // 4 steps x 2 intervals
        var backToBack = E2e.JSON.readTree(intervals.getLast());
        assertThat(backToBack.get("createDeleteEveryMs").asLong()).isZero();
        assertThat(backToBack.get("metadataPairs").asLong()).isPositive();
        assertThat(E2e.JSON.readTree(intervals.getFirst()).get("metadataPairs").asLong()).isZero();
        assertThat(ImageIO.read(bundle.resolve("charts/interference.png").toFile())).isNotNull();
        assertThat(Manifest.verify(bundle)).isEmpty();
        try (var left = Files.walk(E2e.WORK.resolve("datastores"))) {
            assertThat(left.filter(p -> p.getFileName().toString().endsWith(".vmdk")).toList()).as("metadata disks").isEmpty();
        }
    }

    @Test
    void anIoVmLostMidRunEndsTheRunWithItsCauseAndKeepsTheMeasuredDataPoints() throws Exception {
        Map<String, String> settings = settings("e2e-storage-lost-vm");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        var run = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new StorageRun(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of()).run(E2e.spec(settings), true);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Path jsonl = null;
        long deadline = System.nanoTime() + java.time.Duration.ofMinutes(3).toNanos();
        while (System.nanoTime() < deadline && (jsonl == null || Files.readAllLines(jsonl).size() < 2)) {
            Thread.sleep(100);
            if (jsonl == null && Files.isDirectory(E2e.TARGET.resolve("e2e-storage-lost-vm"))) {
                try (var runs = Files.list(E2e.TARGET.resolve("e2e-storage-lost-vm"))) {
                    jsonl = runs.findFirst().map(b -> b.resolve("storage.jsonl")).filter(Files::exists).orElse(null);
                }
            }
        }
        assertThat(jsonl).as("two data points measured").isNotNull();
        long pid = E2e.guestPid(Path.of(settings.get("cluster.local.datastores.app")), "io-1");
        ProcessHandle.of(pid).orElseThrow().destroyForcibly();

        int exit = run.get(3, java.util.concurrent.TimeUnit.MINUTES);

        String printed = console.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(printed).isEqualTo(RunOutcome.RUNTIME_FAILURE);
        assertThat(printed).contains("Storage run failed: ").contains("io-1").contains("completed data points kept");
        int kept = Files.readAllLines(jsonl).size();
        assertThat(kept).isBetween(2, 8);
        assertThat(Files.readAllLines(jsonl.resolveSibling("storage.csv"))).hasSize(kept + 1);
        assertThat(Files.readString(jsonl.resolveSibling("tables.txt"))).contains("IOPS");
        assertThat(Manifest.verify(jsonl.getParent())).isEmpty();
        assertThat(E2e.processesUnder(E2e.WORK.resolve("datastores"))).isEmpty();
        try (var left = Files.walk(E2e.WORK.resolve("datastores"))) {
            assertThat(left.filter(p -> p.getFileName().toString().matches("data[0-9]+\\.bin")).toList()).as("data files").isEmpty();
        }
    }

    @Test
    void aDatastoreThatFillsUpMidDataPointEndsTheRunCleanly() throws Exception {
        Path image = E2e.TARGET.resolve("e2e-small-datastore.img");
        Path mount = E2e.TARGET.resolve("e2e-small-datastore");
        Files.deleteIfExists(image);
        Files.createDirectories(mount);
        boolean mounted = sh("truncate -s 40M " + image + " && mkfs.ext4 -q -F " + image + " && mount -o loop " + image + " " + mount);
        org.junit.jupiter.api.Assumptions.assumeTrue(mounted, "a loop-mounted ext4 (needs root and loop devices)");
        try {
            Map<String, String> settings = settings("e2e-storage-full");
            settings.put("cluster.local.datastores.app", mount.toString());
            settings.put("storage.thinDisks", "true"); // thin disks allocate on write: 2 x 64 MB do not fit in 40 MB
            ByteArrayOutputStream console = new ByteArrayOutputStream();

            int exit = new StorageRun(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of()).run(E2e.spec(settings), true);

            String printed = console.toString(StandardCharsets.UTF_8);
            assertThat(exit).as(printed).isEqualTo(RunOutcome.RUNTIME_FAILURE);
            assertThat(printed).contains("Storage run failed: 4 KB random write: ").contains("disk full");
            try (var left = Files.walk(mount)) {
                assertThat(left.filter(p -> p.getFileName().toString().matches("data[0-9]+\\.bin")).toList()).as("data files").isEmpty();
            }
            assertThat(E2e.processesUnder(mount)).isEmpty();
        } finally {
            sh("umount " + mount);
            Files.deleteIfExists(image);
        }
    }

    private static boolean sh(String command) throws Exception {
        return new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor() == 0;
    }

    /**
     * Half-length data points for the runs that only check that each point is measured and reported (9 and
     * 4 points): the lost-VM and full-datastore runs keep settings' lengths, which their timing rests on.
     */
    private static Map<String, String> shortPoints(Map<String, String> settings) {
        settings.put("storage.quick.rampUp", "500ms");
        settings.put("storage.quick.runtime", "1s");
        return settings;
    }

    private static Map<String, String> settings(String results) {
        Map<String, String> s = new LinkedHashMap<>(E2e.settings(results));
        s.put("storage.vms", "2");
        s.put("storage.transferSizesKb", "4, 64");
        s.put("storage.quick.rampUp", "1s");
        s.put("storage.quick.runtime", "2s");
        s.put("storage.quick.diskSize", "64MB");
        return s;
    }
}
