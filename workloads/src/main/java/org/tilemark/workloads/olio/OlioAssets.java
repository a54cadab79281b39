package org.tilemark.workloads.olio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.tilemark.workloads.olio.media.OlioMedia;

/**
 * The files AddPerson and AddEvent upload, at the sizes of the files Olio's driver uploads (its {@code person.jpg},
 * {@code event.jpg} and {@code event.pdf}, {@link OlioMedia}): written to a directory for stock JMeter, which uploads
 * from file paths, and made once in memory for the embedded users.
 */
public final class OlioAssets {

    static final String PERSON_IMAGE = "olio-person.jpg";
    static final String EVENT_IMAGE = "olio-event.jpg";
    static final String LITERATURE = "olio-literature.pdf";
    private static final Map<String, OlioMedia> KINDS = Map.of(PERSON_IMAGE, OlioMedia.PERSON_IMAGE,
            EVENT_IMAGE, OlioMedia.EVENT_IMAGE, LITERATURE, OlioMedia.EVENT_LITERATURE);
    private static final Map<String, byte[]> CONTENT = new ConcurrentHashMap<>();

    private OlioAssets() {
    }

    /** Writes the upload files into {@code directory} (created if missing) and returns it. */
    public static Path writeTo(Path directory) {
        try {
            Files.createDirectories(directory);
            for (String name : KINDS.keySet()) {
                Files.write(directory.resolve(name), content(name));
            }
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The content of upload file {@code name} ({@link #PERSON_IMAGE}, {@link #EVENT_IMAGE} or {@link #LITERATURE}); do not modify it. */
    static byte[] content(String name) {
        OlioMedia kind = KINDS.get(name);
        if (kind == null) {
            throw new IllegalArgumentException("no Olio upload file named " + name);
        }
        return CONTENT.computeIfAbsent(name, n -> kind.generate(n.hashCode()));
    }
}
