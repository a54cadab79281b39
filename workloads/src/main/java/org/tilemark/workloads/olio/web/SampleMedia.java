package org.tilemark.workloads.olio.web;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.tilemark.workloads.olio.db.SeedFiles;

/**
 * The sample media pool behind the seeded rows' files ({@link SeedFiles#sampleFor}): distinct event
 * and person images with thumbnails, and one literature PDF, generated into the filestore once.
 */
final class SampleMedia {

    private static final String COMPLETE_MARKER = "seed/.complete";

    private SampleMedia() {
    }

    static void ensure(Filestore filestore) throws IOException {
        if (filestore.exists(COMPLETE_MARKER)) {
            return;
        }
        for (int k = 0; k < SeedFiles.POOL_SIZE; k++) {
            BufferedImage event = picture(640, 480, 1000 + k, "Event " + k);
            filestore.store(SeedFiles.samplePath("event", k, false), Images.jpeg(event));
            filestore.store(SeedFiles.samplePath("event", k, true), Images.thumbnail(event));
            BufferedImage person = picture(300, 300, 2000 + k, "Person " + k);
            filestore.store(SeedFiles.samplePath("person", k, false), Images.jpeg(person));
            filestore.store(SeedFiles.samplePath("person", k, true), Images.thumbnail(person));
        }
        filestore.store(SeedFiles.LITERATURE_SAMPLE, literaturePdf());
        filestore.store(COMPLETE_MARKER, new byte[0]);
    }

    private static BufferedImage picture(int width, int height, long seed, String caption) {
        SplittableRandom rng = new SplittableRandom(seed);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(new Color(rng.nextInt(0x1000000)));
            g.fillRect(0, 0, width, height);
            for (int i = 0; i < 40; i++) {
                g.setColor(new Color(rng.nextInt(0x1000000)));
                int w = rng.nextInt(20, width / 3);
                int h = rng.nextInt(20, height / 3);
                if (rng.nextBoolean()) {
                    g.fillOval(rng.nextInt(width), rng.nextInt(height), w, h);
                } else {
                    g.fillRect(rng.nextInt(width), rng.nextInt(height), w, h);
                }
            }
            g.setColor(Color.WHITE);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 28));
            g.drawString(caption, 20, height - 30);
        } finally {
            g.dispose();
        }
        return image;
    }

    /** A small valid one-page PDF (objects, cross-reference table with exact offsets, trailer). */
    static byte[] literaturePdf() {
        String stream = "BT /F1 18 Tf 72 720 Td (Olio event literature) Tj ET";
        String[] objects = {
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length " + stream.length() + " >>\nstream\n" + stream + "\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"};
        StringBuilder pdf = new StringBuilder("%PDF-1.4\n");
        int[] offsets = new int[objects.length];
        for (int i = 0; i < objects.length; i++) {
            offsets[i] = pdf.length();
            pdf.append(i + 1).append(" 0 obj\n").append(objects[i]).append("\nendobj\n");
        }
        int xref = pdf.length();
        pdf.append("xref\n0 ").append(objects.length + 1).append("\n0000000000 65535 f \n");
        for (int offset : offsets) {
            pdf.append(String.format("%010d 00000 n \n", offset));
        }
        pdf.append("trailer\n<< /Size ").append(objects.length + 1).append(" /Root 1 0 R >>\nstartxref\n")
                .append(xref).append("\n%%EOF\n");
        return pdf.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
