package org.tilemark.templates.image;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
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
 * guest jars. Inside the image ({@code /opt/tilemark/image-manifest.json}, without {@code image}) and
 * beside it (with the image file's name, format, size and SHA-256, and the SHA-256 of the manifest
 * inside it, which is what a guest reports: {@link GuestImage}). The one writer and reader of that
 * versioned document.
 */
public record ImageManifest(String tilemarkVersion, String debianSuite, String architecture, String mirror, String kernel, String java,
                            String postgresql, Map<String, String> packages, List<String> guestJars, ImageFile image) {

    static final String FORMAT = "tilemark-image-manifest";
    static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * The image file the manifest sits beside.
     *
     * @param guestManifestSha256 SHA-256 of the manifest inside the image, as its guests report it
     */
    public record ImageFile(String file, String format, long sizeBytes, String sha256, String guestManifestSha256) {
    }

    public ImageManifest {
        packages = packages == null ? Map.of() : new TreeMap<>(packages);
        guestJars = guestJars == null ? List.of() : List.copyOf(guestJars);
    }

    public ImageManifest withImage(ImageFile file) {
        return new ImageManifest(tilemarkVersion, debianSuite, architecture, mirror, kernel, java, postgresql, packages, guestJars, file);
    }

    public void write(Path file) throws IOException {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("format", FORMAT);
        document.put("version", VERSION);
        document.put("manifest", this);
        JSON.writeValue(file.toFile(), document);
    }

    /** Reads a manifest document; refuses another format or a version this build does not know, naming both. */
    public static ImageManifest read(byte[] document) throws IOException {
        JsonNode root = JSON.readTree(document);
        if (root == null || !FORMAT.equals(root.path("format").asText()) || root.path("version").asInt() != VERSION) {
            throw new IOException("not a " + FORMAT + " version " + VERSION + " document (format '"
                    + (root == null ? "" : root.path("format").asText()) + "', version " + (root == null ? "" : root.path("version").asText()) + ")");
        }
        return JSON.treeToValue(root.path("manifest"), ImageManifest.class);
    }
}
