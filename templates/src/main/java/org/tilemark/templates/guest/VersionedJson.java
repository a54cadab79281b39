package org.tilemark.templates.guest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * One versioned JSON document: {@code {"format": F, "version": V, "document": {...}}}. Written whole
 * to a temporary file and moved into place, so a reader never sees half of one; a reader refuses
 * another format or a version it does not know, naming both.
 */
final class VersionedJson<T> {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final String format;
    private final int version;
    private final Class<T> type;

    VersionedJson(String format, int version, Class<T> type) {
        this.format = format;
        this.version = version;
        this.type = type;
    }

    String toJson(T document) {
        return write(document, true) + "\n";
    }

    /** The document on one line (a serial console carries it as one tagged line). */
    String toLine(T document) {
        return write(document, false);
    }

    private String write(T document, boolean pretty) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", format);
        root.put("version", version);
        root.set("document", MAPPER.valueToTree(document));
        try {
            return pretty ? MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) : MAPPER.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + format + ": " + e.getOriginalMessage(), e);
        }
    }

    T fromJson(String json) throws GuestDocumentException {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new GuestDocumentException(format + " is not JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new GuestDocumentException(format + " is not a JSON object");
        }
        String foundFormat = root.path("format").asText("");
        if (!format.equals(foundFormat)) {
            throw new GuestDocumentException("expected a " + format + " document, found format '" + foundFormat + "'");
        }
        int foundVersion = root.path("version").asInt(-1);
        if (foundVersion != version) {
            throw new GuestDocumentException(format + " version " + root.path("version").asText("(missing)")
                    + " is not supported (this build reads version " + version + ")");
        }
        try {
            return MAPPER.treeToValue(root.path("document"), type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            Throwable cause = e.getCause() instanceof IllegalArgumentException invalid ? invalid : e;
            String message = cause instanceof JsonProcessingException p ? p.getOriginalMessage() : cause.getMessage();
            throw new GuestDocumentException("invalid " + format + ": " + message, e);
        }
    }

    /** Writes the file atomically; {@code secret} files are readable by their owner only (0600). */
    void write(Path file, T document, boolean secret) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(temp);
        if (secret && FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
        Files.writeString(temp, toJson(document), StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    T read(Path file) throws IOException {
        try {
            return fromJson(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new GuestDocumentException("no " + format + " at " + file, e);
        } catch (GuestDocumentException e) {
            throw new GuestDocumentException(file + ": " + e.getMessage(), e);
        }
    }
}
