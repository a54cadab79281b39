package org.tilemark.harness.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.IntervalLine;
import org.tilemark.harness.bundle.ResultsBundle;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.bundle.VmProfileLine;
import org.tilemark.scoring.RunVerdict;

/**
 * {@code tilemark report} of a search's bundle rebuilds the search's report from search.json: the headline, the
 * explanation, the scaling table and the CPU by VM role ({@link StepCpuByRole}), for a one-run search (whose bundle is
 * also a run's) as for a series.
 */
class SearchReportsTest {

    @TempDir
    Path temp;

    @Test
    void aOneRunSearchsReportIsRebuiltAsTheSearchsWithItsCpuByRole() throws Exception {
        Path dir = temp.resolve("search-one");
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            bundle.writeSearch(new SearchFile(1, 1.0, 0.07, "max 1 tile, 1.00 @ 1 tile", List.of("1 tile passed and was verified."),
                    false, null, List.of(oneRunStep(1, 1, RunVerdict.COMPLIANT, 1), oneRunStep(2, 2, RunVerdict.NON_COMPLIANT, 2))));
            bundle.appendVmProfile(line(2, IntervalLine.MEASURE, 2, "tile2-db", "dvdstore-db", 2, 3.0));
        }
        Files.writeString(dir.resolve(BundleLayout.REPORT), "stale");

        SearchReports.rebuild(dir, BundleReader.of(dir).search().orElseThrow());

        String report = Files.readString(dir.resolve(BundleLayout.REPORT));
        assertThat(report).contains("Tilemark search: max 1 tile, 1.00 @ 1 tile", "1 tile passed and was verified.",
                "Scaling table", org.tilemark.harness.report.Html.escape(SearchShape.ONE_RUN.description()), "CPU by VM role", "dvdstore-db (cores)", "0.30");
        assertThat(Files.readAllLines(dir.resolve("scaling.csv"))).hasSize(3);
        assertThat(Files.readString(dir.resolve(BundleLayout.MANIFEST))).contains("report.html", "scaling.csv");
    }

    @Test
    void aSeriesReportIsRebuiltWithoutARunsFiles() throws Exception {
        Path dir = temp.resolve("search-series");
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            bundle.writeSearch(new SearchFile(null, null, 0.07, "no tile count passed", List.of(), false, null,
                    List.of(new SearchFile.Step(1, 1, false, RunVerdict.NON_COMPLIANT, 0.8, 0.9, 0.5, 30.0, null, null,
                            List.of("phase 1: tile 1 olio: p90 of Login = 1284.5 ms > 1000 ms"), "steps/run1"))));
        }

        SearchReports.rebuild(dir, BundleReader.of(dir).search().orElseThrow());

        assertThat(Files.readString(dir.resolve(BundleLayout.REPORT))).contains("Tilemark search: no tile count passed",
                org.tilemark.harness.report.Html.escape(SearchShape.SERIES.description()), "p90 of Login").doesNotContain("CPU by VM role");
    }

    /** A VM profile that is not text costs the report its CPU by VM role, not the report. */
    @Test
    void aProfileThatCannotBeReadLeavesTheTableOutAndTheReportWhole() throws Exception {
        Path dir = temp.resolve("search-garbled");
        try (ResultsBundle bundle = ResultsBundle.create(dir)) {
            bundle.writeSearch(new SearchFile(1, 1.0, 0.07, "max 1 tile, 1.00 @ 1 tile", List.of(), false, null,
                    List.of(oneRunStep(1, 1, RunVerdict.COMPLIANT, 1))));
        }
        Files.write(dir.resolve(BundleLayout.VM_PROFILE), new byte[] {(byte) 0xff, (byte) 0xfe, 0, '{', '\n'});

        SearchReports.rebuild(dir, BundleReader.of(dir).search().orElseThrow());

        assertThat(Files.readString(dir.resolve(BundleLayout.REPORT))).contains("Scaling table").doesNotContain("CPU by VM role");
    }

    private static SearchFile.Step oneRunStep(int number, int tiles, RunVerdict verdict, int phase) {
        return new SearchFile.Step(number, tiles, false, verdict, 1.0 * tiles, 1.0 * tiles, 1.0, 20.0 * tiles, null,
                new SearchFile.Confidence(tiles, tiles, 0.95), List.of(), null, List.of(phase), false);
    }

    /**
     * Each step's cores per VM role, from the VM profile its phases are in: a one-run step's own phases of the search's
     * bundle, a series step's every measured phase of its run's bundle; warm-up lines and other steps' phases left out.
     */
    @Test
    void sumsEachRolesVmsOverTheStepsPhasesInTheBundleThatHoldsThem() throws Exception {
        Path search = temp.resolve("search");
        try (ResultsBundle bundle = ResultsBundle.create(search)) {
            bundle.appendVmProfile(line(1, IntervalLine.WARMUP, 0, "tile1-db", "db", 1, 9.0)); // warm-up: no step's
            bundle.appendVmProfile(line(2, IntervalLine.MEASURE, 1, "tile1-db", "db", 1, 2.0));
            bundle.appendVmProfile(line(2, IntervalLine.MEASURE, 1, "tile1-web", "web", 1, 1.0));
            bundle.appendVmProfile(line(3, IntervalLine.MEASURE, 2, "tile1-db", "db", 1, 2.0));
            bundle.appendVmProfile(line(3, IntervalLine.MEASURE, 2, "tile2-db", "db", 2, 4.0));
            bundle.appendVmProfile(line(3, IntervalLine.MEASURE, 2, "tile1-web", "web", 1, 1.0));
        }
        Path run = temp.resolve("steps").resolve("run3");
        try (ResultsBundle bundle = ResultsBundle.create(run)) {
            bundle.appendVmProfile(line(1, IntervalLine.MEASURE, 1, "tile1-db", "db", 1, 3.0));
            bundle.appendVmProfile(line(2, IntervalLine.MEASURE, 2, "tile1-db", "db", 1, 5.0));
        }
        Path unprofiled = Files.createDirectories(temp.resolve("steps").resolve("run4"));

        List<StepCpuByRole> rows = StepCpuByRole.of(List.of(step(1, null, List.of(1)), step(2, null, List.of(2)),
                step(3, run, List.of()), step(4, unprofiled, List.of())), search);

        assertThat(rows).extracting(row -> row.step().number()).as("step 4's bundle has no VM profile").containsExactly(1, 2, 3);
        assertThat(rows.get(0).coresByRole()).containsOnlyKeys("db", "web");
        assertThat(rows.get(0).coresByRole().get("db")).isCloseTo(0.2, within(1e-9));
        assertThat(rows.get(1).coresByRole().get("db")).as("tiles 1 and 2's databases in phase 2").isCloseTo(0.6, within(1e-9));
        assertThat(rows.get(1).allVms()).isCloseTo(0.7, within(1e-9));
        assertThat(rows.get(2).coresByRole()).as("the run's two phases, averaged").containsOnlyKeys("db");
        assertThat(rows.get(2).coresByRole().get("db")).isCloseTo(0.4, within(1e-9));
        assertThat(StepCpuByRole.roles(rows)).containsExactly("db", "web");
    }

    private static SearchStep step(int number, Path bundle, List<Integer> phases) {
        return new SearchStep(number, number, false, RunVerdict.COMPLIANT, OptionalDouble.of(number), OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.of(20.0 * number), Optional.empty(), 0, 0, List.of(),
                bundle == null ? new SearchStep.SearchPhases(phases) : new SearchStep.OwnRun(bundle));
    }

    /** 10 s of a VM using {@code cpuSeconds} of CPU. */
    private static VmProfileLine line(int interval, String stage, int phase, String vm, String role, int tile, double cpuSeconds) {
        String start = "2026-11-29T00:00:" + String.format("%02d", (interval - 1) * 10) + "Z";
        String end = "2026-11-29T00:00:" + String.format("%02d", interval * 10) + "Z";
        return new VmProfileLine(VmProfileLine.VERSION, interval, stage, phase, start, end, 10_000, vm, role, tile, cpuSeconds,
                1L << 20, null, null, null, null, null, null, "test meter", Map.of());
    }
}
