package org.tilemark.workloads.olio.db;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Filestore paths (relative to the web VM's {@code filestore/}) of the media the rows refer to.
 * Every event and person has its own paths ({@code events/{id}/image.jpg}, {@code thumb.jpg},
 * {@code literature.pdf}; {@code people/{id}/image.jpg}, {@code thumb.jpg}), so browsers cache them
 * per entity as in Olio. Olio's file loader copies sample media to each seeded entity's paths; here
 * the web tier generates a pool of distinct samples once and serves a seeded entity's path from the
 * pool ({@link #sampleFor}) until an upload puts a real file there.
 */
public final class SeedFiles {

    /** Distinct sample images per kind (events, persons). */
    public static final int POOL_SIZE = 32;
    public static final String LITERATURE_SAMPLE = "seed/literature.pdf";

    private static final Pattern ENTITY_FILE =
            Pattern.compile("(events|people)/(\\d{1,10})/(image\\.jpg|thumb\\.jpg|literature\\.pdf)");

    private SeedFiles() {
    }

    public static String eventImage(long eventId) {
        return "events/" + eventId + "/image.jpg";
    }

    public static String eventThumbnail(long eventId) {
        return "events/" + eventId + "/thumb.jpg";
    }

    public static String eventLiterature(long eventId) {
        return "events/" + eventId + "/literature.pdf";
    }

    public static String personImage(long userId) {
        return "people/" + userId + "/image.jpg";
    }

    public static String personThumbnail(long userId) {
        return "people/" + userId + "/thumb.jpg";
    }

    /** The pool sample an entity's path shows while no file of its own exists. */
    public static Optional<String> sampleFor(String relativePath) {
        Matcher matcher = ENTITY_FILE.matcher(relativePath);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        String file = matcher.group(3);
        if (file.equals("literature.pdf")) {
            return matcher.group(1).equals("events") ? Optional.of(LITERATURE_SAMPLE) : Optional.empty();
        }
        long index = Long.parseLong(matcher.group(2)) % POOL_SIZE;
        String kind = matcher.group(1).equals("events") ? "event" : "person";
        return Optional.of(samplePath(kind, (int) index, file.equals("thumb.jpg")));
    }

    /** {@code seed/event7.jpg}, {@code seed/person3_thumb.jpg}, ... */
    public static String samplePath(String kind, int index, boolean thumbnail) {
        return "seed/" + kind + index + (thumbnail ? "_thumb" : "") + ".jpg";
    }
}
