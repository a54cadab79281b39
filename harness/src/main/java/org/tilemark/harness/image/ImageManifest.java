package org.tilemark.harness.image;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an image is made of, so a result can name exactly what ran: the Debian release and mirror,
 * every package's version, the kernel, the guest's Java and PostgreSQL, the Tilemark version, the
 * guest jars. Inside the image (without {@code image}) and beside it (with the image file's name,
 * format, size and SHA-256).
 */
record ImageManifest(String tilemarkVersion, String debianSuite, String architecture, String mirror, String kernel, String java,
                     String postgresql, Map<String, String> packages, List<String> guestJars, ImageFile image) {

    static final String FORMAT = "tilemark-image-manifest";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    record ImageFile(String file, String format, long sizeBytes, String sha256) {
    }

    ImageManifest {
        packages = new TreeMap<>(packages);
        guestJars = List.copyOf(guestJars);
    }

    ImageManifest withImage(ImageFile file) {
        return new ImageManifest(tilemarkVersion, debianSuite, architecture, mirror, kernel, java, postgresql, packages, guestJars, file);
    }

    void write(Path file) throws IOException {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("format", FORMAT);
        document.put("version", 1);
        document.put("manifest", this);
        JSON.writeValue(file.toFile(), document);
    }
}
