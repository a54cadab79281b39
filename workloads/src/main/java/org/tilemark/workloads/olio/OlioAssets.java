package org.tilemark.workloads.olio;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The files AddPerson and AddEvent upload: copied out of the jar for stock JMeter, which uploads from
 * file paths, and read once into memory for the embedded users.
 */
public final class OlioAssets {

    private static final java.util.Map<String, byte[]> CONTENT = new java.util.concurrent.ConcurrentHashMap<>();

    static final String IMAGE = "olio-upload.png";
    static final String LITERATURE = "olio-literature.pdf";

    private OlioAssets() {
    }

    /** Copies the upload files into {@code directory} (created if missing) and returns it. */
    public static Path writeTo(Path directory) {
        try {
            Files.createDirectories(directory);
            for (String name : new String[] {IMAGE, LITERATURE}) {
                try (InputStream in = open(name)) {
                    Files.copy(in, directory.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The content of upload file {@code name} ({@link #IMAGE} or {@link #LITERATURE}); do not modify it. */
    static byte[] content(String name) {
        return CONTENT.computeIfAbsent(name, n -> {
            try (InputStream in = open(n)) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static InputStream open(String name) {
        InputStream in = OlioAssets.class.getResourceAsStream("/olio/driver/" + name);
        if (in == null) {
            throw new IllegalStateException("missing resource olio/driver/" + name);
        }
        return in;
    }
}
