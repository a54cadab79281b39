package org.tilemark.workloads.olio.media;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class OlioMediaTest {

    @Test
    void everyKindIsExactlyOlioSizeAndReadable() throws Exception {
        for (OlioMedia kind : OlioMedia.values()) {
            byte[] file = kind.generate(7);
            assertThat(file).as(kind.name()).hasSize(kind.bytes());
            assertThat(kind.generateSeeded(7)).as(kind.name() + " seeded").hasSize(kind.seededBytes());
            if (kind == OlioMedia.EVENT_LITERATURE) {
                assertPdf(file);
            } else {
                BufferedImage image = ImageIO.read(new ByteArrayInputStream(file));
                assertThat(image).as(kind.name()).isNotNull();
                assertThat(image.getWidth()).isGreaterThan(100);
            }
        }
    }

    @Test
    void olioSizesAreThoseOfItsSampleFiles() {
        assertThat(OlioMedia.PERSON_IMAGE.bytes()).isEqualTo(671_520);
        assertThat(OlioMedia.EVENT_IMAGE.bytes()).isEqualTo(669_128);
        assertThat(OlioMedia.EVENT_LITERATURE.bytes()).isEqualTo(129_617);
    }

    @Test
    void paddingNeverShrinksOrBreaksSmallTargets() throws Exception {
        byte[] jpeg = OlioMedia.jpeg(OlioMedia.picture(40, 30, 1, "x"));
        assertThat(OlioMedia.padJpeg(jpeg, jpeg.length + 3, 1)).isEqualTo(jpeg);
        assertThat(OlioMedia.padJpeg(jpeg, jpeg.length - 10, 1)).isEqualTo(jpeg);
        for (int extra : new int[] {4, 5, 65_537, 65_538, 131_074, 200_001}) {
            byte[] padded = OlioMedia.padJpeg(jpeg, jpeg.length + extra, 2);
            assertThat(padded).hasSize(jpeg.length + extra);
            assertThat(ImageIO.read(new ByteArrayInputStream(padded))).as("padding " + extra).isNotNull();
        }
        int unpadded = OlioMedia.pdf(0, 3).length;
        for (int target = unpadded - 5; target < unpadded + 2000; target += 1) {
            byte[] pdf = OlioMedia.pdf(target, 3);
            assertThat(pdf.length).as("target " + target).isEqualTo(Math.max(target, unpadded));
            assertPdf(pdf);
        }
    }

    /** Every cross-reference offset points at its object, and startxref at the table. */
    private static void assertPdf(byte[] file) {
        String pdf = new String(file, StandardCharsets.US_ASCII);
        assertThat(pdf).startsWith("%PDF-1.4\n").endsWith("%%EOF\n");
        Matcher start = Pattern.compile("startxref\n(\\d+)\n").matcher(pdf);
        assertThat(start.find()).isTrue();
        int xref = Integer.parseInt(start.group(1));
        assertThat(pdf.substring(xref)).startsWith("xref\n0 6\n");
        Matcher entry = Pattern.compile("(\\d{10}) 00000 n ").matcher(pdf.substring(xref));
        int object = 1;
        while (entry.find()) {
            assertThat(pdf.substring(Integer.parseInt(entry.group(1)))).startsWith(object + " 0 obj\n");
            object++;
        }
        assertThat(object).isEqualTo(6);
    }
}
