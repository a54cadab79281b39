package org.tilemark.workloads.olio.media;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;

/**
 * Olio's media files at Olio's own sizes: the sample files its loader copies to every person and event and its
 * driver uploads (Apache Olio 0.2, {@code workload/java/trunk/resources}: {@code person.jpg} 671,520 B,
 * {@code person_thumb.jpg} 5,758 B, {@code event.jpg} 669,128 B, {@code event_thumb.jpg} 5,895 B, {@code event.pdf}
 * 129,617 B). Each file here is a real, decodable JPEG or PDF made to exactly that size: a drawn picture, then
 * comment segments (JPEG {@code COM}, PDF {@code %} lines) of seeded bytes, so no file system or transfer compresses it.
 *
 * <p>Uploads are at Olio's sizes. The seeded filestore's images and literature are a tenth of them
 * ({@link #seededBytes()}; thumbnails as Olio's): at Olio's sizes a quick tile's filestore would be 3.4 GB and a standard
 * tile's 38 GB, written at every template build and copied per tile (docs/workloads.md, "Olio's filestore").
 */
public enum OlioMedia {
    PERSON_IMAGE(671_520, 10, 320, 240),
    PERSON_THUMBNAIL(5_758, 1, 133, 100),
    EVENT_IMAGE(669_128, 10, 320, 240),
    EVENT_THUMBNAIL(5_895, 1, 133, 100),
    EVENT_LITERATURE(129_617, 10, 0, 0);

    private static final int MAX_COMMENT = 65_533;

    private final int bytes;
    private final int seededDivisor;
    private final int width;
    private final int height;

    OlioMedia(int bytes, int seededDivisor, int width, int height) {
        this.bytes = bytes;
        this.seededDivisor = seededDivisor;
        this.width = width;
        this.height = height;
    }

    /** The file's size in Olio's sample data: what the driver uploads. */
    public int bytes() {
        return bytes;
    }

    /** The size of the seeded filestore's file of this kind. */
    public int seededBytes() {
        return bytes / seededDivisor;
    }

    /** A file of this kind at Olio's size; {@code seed} varies the picture and the padding. */
    public byte[] generate(long seed) {
        return generate(seed, bytes);
    }

    /** A file of this kind at the seeded filestore's size. */
    public byte[] generateSeeded(long seed) {
        return generate(seed, seededBytes());
    }

    private byte[] generate(long seed, int size) {
        if (this == EVENT_LITERATURE) {
            return pdf(size, seed);
        }
        return padJpeg(jpeg(picture(width, height, seed, name().startsWith("EVENT") ? "Event" : "Person")), size, seed);
    }

    /** A drawn RGB picture: a background, shapes and a caption. */
    public static BufferedImage picture(int width, int height, long seed, String caption) {
        SplittableRandom rng = new SplittableRandom(seed);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(new Color(rng.nextInt(0x1000000)));
            g.fillRect(0, 0, width, height);
            for (int i = 0; i < 40; i++) {
                g.setColor(new Color(rng.nextInt(0x1000000)));
                int w = rng.nextInt(4, Math.max(5, width / 3));
                int h = rng.nextInt(4, Math.max(5, height / 3));
                if (rng.nextBoolean()) {
                    g.fillOval(rng.nextInt(width), rng.nextInt(height), w, h);
                } else {
                    g.fillRect(rng.nextInt(width), rng.nextInt(height), w, h);
                }
            }
            g.setColor(Color.WHITE);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, Math.max(10, height / 16)));
            g.drawString(caption, width / 30 + 2, height - height / 16);
        } finally {
            g.dispose();
        }
        return image;
    }

    /** Encodes an RGB image as JPEG (ImageIO's default quality). */
    public static byte[] jpeg(BufferedImage rgb) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
        try {
            if (!ImageIO.write(rgb, "jpg", out)) {
                throw new IllegalStateException("no JPEG writer available");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * The JPEG with comment segments after its start-of-image marker making it exactly {@code target} bytes (unchanged
     * if it is that long or longer already, or if fewer than 4 bytes are missing, as a segment takes 4 at least).
     */
    static byte[] padJpeg(byte[] jpeg, int target, long seed) {
        int missing = target - jpeg.length;
        if (missing < 4) {
            return jpeg;
        }
        SplittableRandom rng = new SplittableRandom(seed ^ 0x6a09e667f3bcc909L);
        ByteArrayOutputStream out = new ByteArrayOutputStream(target);
        out.write(jpeg, 0, 2); // SOI
        int segments = (missing + MAX_COMMENT + 3) / (MAX_COMMENT + 4);
        int data = missing - 4 * segments;
        for (int s = 0; s < segments; s++) {
            int length = data / (segments - s);
            data -= length;
            out.write(0xFF);
            out.write(0xFE);
            out.write((length + 2) >> 8);
            out.write((length + 2) & 0xFF);
            for (int i = 0; i < length; i++) {
                out.write(rng.nextInt(256));
            }
        }
        out.write(jpeg, 2, jpeg.length - 2);
        return out.toByteArray();
    }

    /**
     * A valid one-page PDF (objects, a cross-reference table with exact offsets, trailer) made {@code target} bytes
     * long by comment lines of seeded printable characters after its header (unpadded if the target is within two
     * bytes of its unpadded length or below it).
     */
    public static byte[] pdf(int target, long seed) {
        String header = "%PDF-1.4\n";
        byte[] unpadded = pdf(header, "", "");
        int missing = target - unpadded.length;
        // The padding moves the cross-reference table, whose offset's digits count too: where one more digit skips
        // the target, a space in the trailer (after the table) makes up the byte.
        for (int attempt = 0; attempt < 4 && missing >= 1; attempt++) {
            byte[] padded = pdf(header, padding(missing, seed), "");
            int over = padded.length - target;
            if (over == 0) {
                return padded;
            }
            if (over == -1) {
                return pdf(header, padding(missing, seed), " ");
            }
            missing -= over;
        }
        return unpadded;
    }

    /** {@code length} bytes of comment lines ('%', seeded printable characters, newline), a last lone byte a newline. */
    private static String padding(int length, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        StringBuilder padding = new StringBuilder(length);
        int missing = length;
        while (missing > 0) {
            int line = Math.min(missing, 80);
            if (line == 1) {
                padding.append('\n');
            } else {
                padding.append('%');
                for (int i = 0; i < line - 2; i++) {
                    padding.append((char) rng.nextInt('0', 'z' + 1));
                }
                padding.append('\n');
            }
            missing -= line;
        }
        return padding.toString();
    }

    private static byte[] pdf(String header, String padding, String trailerSpace) {
        String stream = "BT /F1 18 Tf 72 720 Td (Olio event literature) Tj ET";
        String[] objects = {
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
            "<< /Length " + stream.length() + " >>\nstream\n" + stream + "\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"};
        StringBuilder pdf = new StringBuilder(header).append(padding);
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
        pdf.append("trailer\n<<").append(trailerSpace).append(" /Size ").append(objects.length + 1).append(" /Root 1 0 R >>\nstartxref\n")
                .append(xref).append("\n%%EOF\n");
        return pdf.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
