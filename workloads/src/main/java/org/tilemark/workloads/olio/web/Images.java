package org.tilemark.workloads.olio.web;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.tilemark.workloads.olio.media.OlioMedia;

/** Upload checks and thumbnails with java.awt/ImageIO (headless), as Olio's web tier does on AddPerson/AddEvent. */
final class Images {

    /** Olio's thumbnail box. */
    static final int THUMBNAIL_WIDTH = 133;
    static final int THUMBNAIL_HEIGHT = 100;

    private Images() {
    }

    /** A decoded upload and the file extension its format gets in the filestore. */
    record Upload(byte[] bytes, BufferedImage image, String extension) {
    }

    /** Decodes a JPEG or PNG upload; anything else is a bad request. */
    static Upload decode(String part, byte[] bytes) {
        String format = format(part, bytes);
        String extension = switch (format) {
            case "jpeg" -> "jpg";
            case "png" -> "png";
            default -> throw new BadRequestException("file '" + part + "' must be a JPEG or PNG image, not " + format);
        };
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            if (image == null || image.getWidth() < 1 || image.getHeight() < 1) {
                throw new BadRequestException("file '" + part + "' is not a readable image");
            }
            return new Upload(bytes, image, extension);
        } catch (IOException | RuntimeException e) {
            if (e instanceof BadRequestException bad) {
                throw bad;
            }
            throw new BadRequestException("file '" + part + "' is not a readable image");
        }
    }

    /** A JPEG that fits the image into 133×100, keeping its aspect ratio. */
    static byte[] thumbnail(BufferedImage source) {
        double scale = Math.min((double) THUMBNAIL_WIDTH / source.getWidth(), (double) THUMBNAIL_HEIGHT / source.getHeight());
        scale = Math.min(scale, 1.0);
        int width = Math.max(1, (int) Math.round(source.getWidth() * scale));
        int height = Math.max(1, (int) Math.round(source.getHeight() * scale));
        BufferedImage thumbnail = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = thumbnail.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.drawImage(source, 0, 0, width, height, null);
        } finally {
            g.dispose();
        }
        return OlioMedia.jpeg(thumbnail);
    }

    private static String format(String part, byte[] bytes) {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = in == null ? Collections.emptyIterator() : ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw new BadRequestException("file '" + part + "' is not an image");
            }
            ImageReader reader = readers.next();
            try {
                return reader.getFormatName().toLowerCase(Locale.ROOT);
            } finally {
                reader.dispose();
            }
        } catch (IOException e) {
            throw new BadRequestException("file '" + part + "' is not an image");
        }
    }
}
