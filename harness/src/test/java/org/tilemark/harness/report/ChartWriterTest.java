package org.tilemark.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartWriterTest {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    Path temp;

    @Test
    void writesEveryChartAsARealPng() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);

        new ChartWriter().write(bundle);

        try (Stream<Path> charts = Files.list(bundle.resolve("charts"))) {
            assertThat(charts.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(
                    "tile1-dvdstore-throughput.png", "tile1-dvdstore-latency-p95.png",
                    "tile1-dvdstore-operations-p95-p99.png");
        }
        for (String name : new String[] {"tile1-dvdstore-throughput.png", "tile1-dvdstore-latency-p95.png",
                "tile1-dvdstore-operations-p95-p99.png"}) {
            Path png = bundle.resolve("charts").resolve(name);
            byte[] bytes = Files.readAllBytes(png);
            assertThat(bytes).as(name).startsWith(PNG_SIGNATURE);
            assertThat(bytes.length).as(name).isGreaterThan(10_000);
            BufferedImage image = ImageIO.read(png.toFile());
            assertThat(image.getWidth()).isEqualTo(ChartWriter.WIDTH_PX);
            assertThat(image.getHeight()).isEqualTo(ChartWriter.HEIGHT_PX);
            assertThat(distinctColours(image)).as(name + " is not a blank canvas").isGreaterThan(20);
        }
    }

    @Test
    void chartsNeedNoScore() throws Exception {
        Path bundle = BundleFixture.copy(BundleFixture.NONCOMPLIANT, temp);
        Files.delete(bundle.resolve("score.json"));

        new ChartWriter().write(bundle);

        assertThat(bundle.resolve("charts/tile1-dvdstore-operations-p95-p99.png")).isNotEmptyFile();
    }

    @Test
    void fileNamesStayInsideTheChartsDirectory() {
        assertThat(ChartSpec.fileSafe("../Evil Work/load")).isEqualTo("evil-work-load");
        assertThat(ChartSpec.fileSafe("dvdstore")).isEqualTo("dvdstore");
    }

    private static int distinctColours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }
}
