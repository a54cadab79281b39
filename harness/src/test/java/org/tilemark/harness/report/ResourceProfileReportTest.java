package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.VmProfileLine;

/** The report's resource profile from vm-profile.jsonl, and what it says without one. */
class ResourceProfileReportTest {

    @TempDir
    Path temp;

    @Test
    void showsEachVmPerPhaseTheTileTotalAndTheMailVmsWritesPerMessage() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.FULL_TILE, temp);
        // The fixture's phase 1: three 10 s intervals; mail accepted 24 messages in them.
        for (int i = 0; i < 3; i++) {
            String start = "2026-11-23T09:00:" + (20 + 10 * i) + "Z";
            String end = "2026-11-23T09:00:" + (30 + 10 * i) + "Z";
            append(bundle, line(3 + i, start, end, "tile1-mail", "mail", 1.5, 300L << 20, 2L << 20));
            append(bundle, line(3 + i, start, end, "tile1-dvdstore-db", "dvdstore-db", 2.0, 500L << 20, 1L << 20));
        }
        new HtmlReportWriter().write(bundle);
        String html = Files.readString(bundle.resolve(BundleLayout.REPORT));
        assertThat(html).contains("Resource profile").contains("Source: test meter")
                .contains("diskReadOps: not measured (no such counter here)")
                .contains("all VMs of the tile")
                // 3 × 1.5 CPU s; 3 × 2 MiB written by mail over 24 messages = 256 KiB each
                .contains("4.5").contains("6.00 MiB")
                .contains("mail wrote 256.00 KiB to its disk per message accepted by SMTP (6.00 MiB over 24)");
    }

    @Test
    void saysNotMeasuredWithoutTheFile() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.FULL_TILE, temp);
        new HtmlReportWriter().write(bundle);
        assertThat(Files.readString(bundle.resolve(BundleLayout.REPORT)))
                .contains("Not measured: " + BundleLayout.VM_PROFILE + " is absent");
    }

    private static VmProfileLine line(int interval, String start, String end, String vm, String role, double cpu, long memory,
                                      long written) {
        return new VmProfileLine(VmProfileLine.VERSION, interval, IntervalLine.MEASURE, 1, start, end, 10_000, vm, role, 1, cpu,
                memory, null, 4096L, null, written, 1000L, 2000L, "test meter", Map.of("diskReadOps", "no such counter here",
                "diskWriteOps", "no such counter here"));
    }

    private static void append(Path bundle, VmProfileLine line) throws Exception {
        Files.writeString(bundle.resolve(BundleLayout.VM_PROFILE), new com.fasterxml.jackson.databind.ObjectMapper()
                .writeValueAsString(line) + "\n", java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
    }
}
