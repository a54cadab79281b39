package org.tilemark.workloads.olio.web;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.olio.db.OlioScale;
import org.tilemark.workloads.olio.db.SeedFiles;
import org.tilemark.workloads.olio.media.OlioMedia;

/**
 * The seeded persons' and events' files, as Olio's {@code FileLoader} writes them: every loaded person gets an
 * image and a thumbnail, every event an image, a thumbnail and a literature PDF, each its own file and each a copy
 * of one sample per kind ({@link OlioMedia#generateSeeded}: thumbnails at Olio's sizes, images and literature a tenth). Built once into the web VM's template (a platform
 * copies it per tile); a marker naming the scale says the store is complete, so a disk with another scale's
 * files is loaded again.
 */
final class FileStoreLoad {

    private static final Logger LOG = LoggerFactory.getLogger(FileStoreLoad.class);
    private static final String COMPLETE_MARKER = ".loaded";

    private FileStoreLoad() {
    }

    /** What a load wrote. */
    record Loaded(long files, long bytes, long millis) {
    }

    /** Loads the files of {@code scale} unless the filestore already holds them; returns what it wrote (nothing if it did). */
    static Loaded ensure(Filestore filestore, OlioScale scale) throws IOException {
        Path marker = filestore.root().resolve(COMPLETE_MARKER);
        String wanted = scale.loadedUsers() + " persons, " + scale.events() + " events\n";
        if (Files.isRegularFile(marker) && Files.readString(marker).equals(wanted)) {
            return new Loaded(0, 0, 0);
        }
        long start = System.nanoTime();
        byte[] personImage = OlioMedia.PERSON_IMAGE.generateSeeded(1);
        byte[] personThumb = OlioMedia.PERSON_THUMBNAIL.generateSeeded(2);
        byte[] eventImage = OlioMedia.EVENT_IMAGE.generateSeeded(3);
        byte[] eventThumb = OlioMedia.EVENT_THUMBNAIL.generateSeeded(4);
        byte[] literature = OlioMedia.EVENT_LITERATURE.generateSeeded(5);
        long files = 0;
        long bytes = 0;
        for (int person = 1; person <= scale.loadedUsers(); person++) {
            bytes += write(filestore, SeedFiles.personImage(person), personImage);
            bytes += write(filestore, SeedFiles.personThumbnail(person), personThumb);
            files += 2;
        }
        for (int event = 1; event <= scale.events(); event++) {
            bytes += write(filestore, SeedFiles.eventImage(event), eventImage);
            bytes += write(filestore, SeedFiles.eventThumbnail(event), eventThumb);
            bytes += write(filestore, SeedFiles.eventLiterature(event), literature);
            files += 3;
        }
        Files.writeString(marker, wanted);
        Loaded loaded = new Loaded(files, bytes, (System.nanoTime() - start) / 1_000_000);
        LOG.info("Olio filestore: {} files of {} persons and {} events, {} MB, in {} ms", files, scale.loadedUsers(),
                scale.events(), bytes >> 20, loaded.millis());
        return loaded;
    }

    /** Writes a seeded file in place (a template is built before anything reads it); uploads go through {@link Filestore#store}. */
    private static long write(Filestore filestore, String relativePath, byte[] content) throws IOException {
        Path target = filestore.resolve(relativePath);
        Files.createDirectories(target.getParent());
        try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            out.write(content);
        }
        return content.length;
    }
}
