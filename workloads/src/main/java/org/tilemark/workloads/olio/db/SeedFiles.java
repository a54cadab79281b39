package org.tilemark.workloads.olio.db;

/**
 * Filestore paths (relative to the web VM's {@code filestore/}) of the media the rows refer to.
 * Every event and person has its own files ({@code events/{id}/image.jpg}, {@code thumb.jpg},
 * {@code literature.pdf}; {@code people/{id}/image.jpg}, {@code thumb.jpg}), as Olio's file loader
 * copies its sample files to every loaded person and event; the web VM's template holds them.
 */
public final class SeedFiles {

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
}
