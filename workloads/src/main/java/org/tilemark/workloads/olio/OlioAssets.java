package org.tilemark.workloads.olio;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The files AddPerson and AddEvent upload, copied out of the jar: JMeter uploads from file paths. */
public final class OlioAssets {

    static final String IMAGE = "olio-upload.png";
    static final String LITERATURE = "olio-literature.pdf";

    private OlioAssets() {
    }

    /** Copies the upload files into {@code directory} (created if missing) and returns it. */
    public static Path writeTo(Path directory) {
        try {
            Files.createDirectories(directory);
            for (String name : new String[] {IMAGE, LITERATURE}) {
                try (InputStream in = OlioAssets.class.getResourceAsStream("/olio/driver/" + name)) {
                    if (in == null) {
                        throw new IllegalStateException("missing resource olio/driver/" + name);
                    }
                    Files.copy(in, directory.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
