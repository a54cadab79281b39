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
 * The one writer and reader of each guest document, which owns its versioned format:
 * {@code {"format": F, "version": V, "document": {...}}}. {@link #CONFIG} is what a VM is told (on
 * the local platform the file {@code guest-config.json}, readable by its owner only because it holds
 * secrets; a real platform puts the same JSON on a NoCloud volume or into guestinfo); {@link
 * #READINESS} is what the guest reports back ({@code readiness.json}). A document is written whole
 * to a temporary file and moved into place, so a reader never sees half of one; a reader refuses
 * another format or a version it does not know, naming both.
 */
public final class GuestDocumentFile<T> {

    /** Version 2 added the VM's {@code size}; a version-1 config reads with none. */
    public static final GuestDocumentFile<GuestConfig> CONFIG =
            new GuestDocumentFile<>("guest-config.json", "tilemark-guest-config", 2, 1, GuestConfig.class, true);
    /** Version 2 added the guest's {@code addresses}; a version-1 report (an older image) reads with none. */
    public static final GuestDocumentFile<ReadinessReport> READINESS =
            new GuestDocumentFile<>("readiness.json", "tilemark-readiness-report", 2, 1, ReadinessReport.class, false);

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final String fileName;
    private final String format;
    private final int version;
    private final int oldestReadable;
    private final Class<T> type;
    private final boolean secret;

    /** Writes {@code version}; reads every version from {@code oldestReadable} up, each a compatible extension of the one before. */
    private GuestDocumentFile(String fileName, String format, int version, int oldestReadable, Class<T> type, boolean secret) {
        this.fileName = fileName;
        this.format = format;
        this.version = version;
        this.oldestReadable = oldestReadable;
        this.type = type;
        this.secret = secret;
    }

    /** The document's file name where a platform keeps it as a file (the local platform's VM directory). */
    public String fileName() {
        return fileName;
    }

    public String toJson(T document) {
        return write(document, true) + "\n";
    }

    /** The document on one line (a serial console carries it as one tagged line: {@link ReadinessConsole}). */
    public String toLine(T document) {
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

    public T fromJson(String json) throws GuestDocumentException {
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
        int found = root.path("version").asInt(-1);
        if (found < oldestReadable || found > version) {
            throw new GuestDocumentException(format + " version " + root.path("version").asText("(missing)")
                    + " is not supported (this build reads " + readableVersions() + ")");
        }
        try {
            return MAPPER.treeToValue(root.path("document"), type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            Throwable cause = e.getCause() instanceof IllegalArgumentException invalid ? invalid : e;
            String message = cause instanceof JsonProcessingException p ? p.getOriginalMessage() : cause.getMessage();
            throw new GuestDocumentException("invalid " + format + ": " + message, e);
        }
    }

    private String readableVersions() {
        return oldestReadable == version ? "version " + version : "versions " + oldestReadable + " to " + version;
    }

    /** Writes the file atomically; a document holding secrets is readable by its owner only (0600). */
    public void write(Path file, T document) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(temp);
        if (secret && FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        }
        Files.writeString(temp, toJson(document), StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    public T read(Path file) throws IOException {
        try {
            return fromJson(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new GuestDocumentException("no " + format + " at " + file, e);
        } catch (GuestDocumentException e) {
            throw new GuestDocumentException(file + ": " + e.getMessage(), e);
        }
    }
}
