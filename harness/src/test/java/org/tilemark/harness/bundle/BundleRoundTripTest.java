package org.tilemark.harness.bundle;

import org.tilemark.scoring.OperationStats;
import org.tilemark.scoring.RunVerdict;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BundleRoundTripTest {

    @TempDir
    Path dir;

    @Test
    void whatTheWriterWritesTheReaderReadsBackWithItsFormat() throws Exception {
        Path bundle = dir.resolve("run");
        Instant origin = Instant.parse("2026-11-22T06:00:00Z");
        Histogram latency = new Histogram(3);
        latency.recordValue(2_000_000);
        ScoreFile.Audit audit = new ScoreFile.Audit(1, "dvdstore", "committed orders", 120, 2, List.of(17L, 18L), null);
        InfraOpLine operation = new InfraOpLine("vmotion", 1, "tile1-mail", "mail", 1,
                new org.tilemark.infra.platform.Placement("host-0", "app"), new org.tilemark.infra.platform.Placement("host-1", "app"),
                origin.toString(), origin.plusSeconds(2).toString(), 2000L, 1024L, "modelled memory", 42L, null, null,
                InfraOpLine.SUCCEEDED, null, 1);
        try (ResultsBundle writer = ResultsBundle.create(bundle)) {
            writer.writeRun(new RunFile("r1", "2026-11-22T06:00:00Z", null, "local", false, false, List.of(), "quick", 1, 1.0, Map.of(),
                    Map.of(), new RunFile.Inventory(List.of(), List.of(), List.of(), List.of()),
                    new RunFile.Versions("test", "21", "16", "3", "Linux")));
            writer.appendInterval(new IntervalLine(1, IntervalLine.MEASURE, 1, 1, "dvdstore", origin.toString(),
                    origin.plusSeconds(10).toString(), 10_000, 300.0, 50L, new Measured("orders/min", 300.0, 51, 1, 0,
                    2.5, Map.of("tile1-dvdstore-web", 1L), Map.of("login", new OperationStats(1, 0, 2, 2, 2, 2, 2, 2)))));
            writer.appendInfraOperation(operation);
            writer.histogramLog(1, "dvdstore", origin).write("login", latency, origin, origin.plusSeconds(10));
            writer.writeScore(ScoreFile.of(null, Map.of(), "r1", RunVerdict.FAILED, List.of("no phase completed"),
                    List.of(ScoreFile.Event.of(origin, "tile1-mail stopped")), "Score: none (failed)", null,
                    List.of(audit, ScoreFile.Audit.failed(2, "dvdstore", "connection refused"))));
        }

        BundleReader reader = BundleReader.of(bundle);
        ObjectNode run = reader.runAsWritten().orElseThrow();
        assertThat(run.fieldNames().next()).isEqualTo("format");
        assertThat(BundleFormat.of(run)).isEqualTo(BundleFormat.CURRENT);
        assertThat(reader.format()).isEqualTo(BundleFormat.CURRENT);
        RunFile runRead = reader.run().orElseThrow();
        assertThat(runRead.runId()).isEqualTo("r1");
        assertThat(runRead.versions().java()).isEqualTo("21");
        ObjectNode written = reader.scoreAsWritten().orElseThrow();
        // An unscored run: the score is null, and the totals and costs of a scored, measured run are absent.
        assertThat(written.path("score").isNull()).isTrue();
        assertThat(written.has("application")).isFalse();
        assertThat(written.has("harnessCpu")).isFalse();
        assertThat(written.path("verdict").asText()).isEqualTo("failed");
        ScoreFile score = reader.score().orElseThrow();
        assertThat(score.scored()).isFalse();
        assertThat(score.verdict()).isEqualTo(RunVerdict.FAILED);
        assertThat(score.reasons()).containsExactly("no phase completed");
        assertThat(score.events().getFirst().what()).isEqualTo("tile1-mail stopped");
        assertThat(score.audits()).containsExactly(audit, ScoreFile.Audit.failed(2, "dvdstore", "connection refused"));
        assertThat(audit.reason()).contains("tile 1 dvdstore: 2 of 120 committed orders missing after the run (e.g. 17, 18)");
        assertThat(reader.intervals().orElseThrow().lines()).singleElement()
                .satisfies(line -> {
                    // The measured figures sit beside the placement fields, not nested.
                    assertThat(line.written().path("tile").asInt()).isEqualTo(1);
                    assertThat(line.written().path("throughput").asDouble()).isEqualTo(300.0);
                    assertThat(line.written().at("/operations/login/p95Ms").asDouble()).isEqualTo(2.0);
                    assertThat(line.written().has("measured")).isFalse();
                    assertThat(line.value().measured().operations().get("login").p95Ms()).isEqualTo(2.0);
                    assertThat(line.value().completed()).isEqualTo(50L);
                });
        BundleReader.Line<InfraOpLine> infraLine = reader.infraOps().orElseThrow().lines().getFirst();
        assertThat(infraLine.written().has("downtimeMs")).isTrue();
        assertThat(infraLine.value()).isEqualTo(operation);
        Map<Long, Map<String, Histogram>> logged = reader.histograms(1, "dvdstore").orElseThrow();
        assertThat(logged.get(origin.toEpochMilli()).get("login").getTotalCount()).isEqualTo(1);
        assertThat(BundleReader.isScored(bundle)).isTrue();
    }

    @Test
    void aBundleWithoutAFormatIsReadAsFormatOne() throws Exception {
        Files.writeString(dir.resolve(BundleLayout.RUN), "{\"runId\":\"old\",\"platform\":\"local\"}");

        BundleReader reader = BundleReader.of(dir);

        assertThat(reader.format()).isEqualTo(BundleFormat.UNVERSIONED);
        assertThat(reader.format().version()).isEqualTo(1);
        assertThat(reader.run().orElseThrow().runId()).isEqualTo("old");
        assertThat(reader.run().orElseThrow().tileScale()).isEqualTo(1.0);
        assertThat(reader.run().orElseThrow().platformPublishable()).isFalse();
    }

    @Test
    void aNewerOrForeignFormatIsRefusedNamingIt() throws Exception {
        Files.writeString(dir.resolve(BundleLayout.RUN),
                "{\"format\":{\"name\":\"tilemark-bundle\",\"version\":9},\"runId\":\"future\"}");
        assertThatThrownBy(() -> BundleReader.of(dir).run()).isInstanceOf(UnsupportedBundleFormat.class)
                .hasMessage("run.json declares the format tilemark-bundle version 9; this Tilemark reads versions 1 to 3");

        Files.writeString(dir.resolve(BundleLayout.RUN), "{\"format\":{\"name\":\"other\",\"version\":1}}");
        assertThatThrownBy(() -> BundleReader.of(dir).format()).isInstanceOf(UnsupportedBundleFormat.class)
                .hasMessageContaining("not tilemark-bundle");
    }

    @Test
    void damagedFilesAndLinesAreReportedNotHidden() throws Exception {
        Files.writeString(dir.resolve(BundleLayout.SCORE), "[1]");
        Files.writeString(dir.resolve(BundleLayout.INTERVALS), "{\"interval\":1}\n\n[2]\n{\"interval\":");

        BundleReader reader = BundleReader.of(dir);

        assertThatThrownBy(reader::score).isInstanceOf(BundleReader.DamagedFile.class)
                .hasMessage("score.json: not a JSON object");
        BundleReader.Lines<IntervalLine> lines = reader.intervals().orElseThrow();
        assertThat(lines.lines()).isEmpty();
        // line 1 lacks what places it (its tile, workload, stage, start), 3 is no object, 4 is cut short
        assertThat(lines.bad()).extracting(BundleReader.BadLine::number).containsExactly(1, 3, 4);
        assertThat(lines.bad().getFirst().problem()).isEqualTo("lacks what places it");
        assertThat(lines.lastLineBad()).isTrue();
        assertThat(reader.infraOps()).isEmpty();
        assertThat(reader.histograms(1, "mail")).isEmpty();
    }

    @Test
    void anOperationsPlacementsAreThePlatformsAndAnOldDeployLinesEmptyOneIsNone() throws Exception {
        Files.createDirectories(dir.resolve("ops"));
        Files.writeString(dir.resolve("ops").resolve(BundleLayout.INFRA_OPS), String.join("\n",
                "{\"operation\":\"deploy\",\"block\":1,\"vm\":\"deploy-b1-1\",\"role\":\"deploy\",\"tile\":0,\"from\":{},"
                        + "\"to\":{\"host\":\"host-1\",\"datastore\":\"app\"},\"start\":\"2026-11-22T06:00:00Z\","
                        + "\"end\":\"2026-11-22T06:00:03Z\",\"durationMs\":null,\"outcome\":\"succeeded\",\"phase\":1}",
                "{\"operation\":\"vmotion\",\"block\":1,\"vm\":\"tile1-mail\",\"role\":\"mail\",\"tile\":1,"
                        + "\"from\":{\"host\":\"host-0\"},\"to\":{\"host\":\"host-1\",\"datastore\":\"app\"},"
                        + "\"start\":\"2026-11-22T06:00:00Z\",\"end\":\"2026-11-22T06:00:02Z\",\"durationMs\":1500,"
                        + "\"outcome\":null,\"phase\":1}"));

        BundleReader.Lines<InfraOpLine> lines = BundleReader.of(dir.resolve("ops")).infraOps().orElseThrow();

        assertThat(lines.bad()).isEmpty();
        InfraOpLine deploy = lines.values().get(0);
        assertThat(deploy.from()).as("an old deploy line's {} is no placement").isNull();
        assertThat(deploy.to()).isEqualTo(new org.tilemark.infra.platform.Placement("host-1", "app"));
        assertThat(deploy.spanMs()).as("no duration recorded: from start to end").isEqualTo(3000);
        InfraOpLine move = lines.values().get(1);
        assertThat(move.from()).isEqualTo(new org.tilemark.infra.platform.Placement("host-0", ""));
        assertThat(move.spanMs()).isEqualTo(1500);
        assertThat(move.failed()).as("an outcome not recorded counts as failed").isTrue();
    }
}
