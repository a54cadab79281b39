package org.tilemark.workloads.olio.db;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;

/**
 * SOCIALEVENT with their ADDRESS rows (address id = loaded users + event id), SOCIALEVENTTAG,
 * SOCIALEVENTTAG_SOCIALEVENT, PERSON_SOCIALEVENT (attendees) and COMMENTS_RATING. Tag {@code n} is
 * named {@code tag{n}}; low-numbered tags are used more often, as in a real tag cloud.
 */
final class EventRows {

    static final String EVENT_COLUMNS = "socialeventid, title, description, submitterusername, imageurl, "
            + "imagethumburl, literatureurl, telephone, address_addressid, timezone, eventtimestamp, eventdate, "
            + "summary, createdtimestamp, totalscore, numberofvotes";
    static final String TAG_COLUMNS = "socialeventtagid, tag, refcount";
    static final String EVENT_TAG_COLUMNS = "socialeventtagid, socialeventid";
    static final String ATTENDEE_COLUMNS = "userid, socialeventid";
    static final String COMMENT_COLUMNS = "commentid, username, socialeventid, comments, ratings, created_at, updated_at";
    static final int MIN_ATTENDEES = 10;
    static final int MAX_ATTENDEES = 100;
    static final int MAX_COMMENTS = 20;
    static final int MIN_RATING = 2;
    static final int MAX_RATING = 5;
    static final int MIN_TAGS = 1;
    static final int MAX_TAGS = 7;
    /** 07:00 to 21:45 in quarter hours. */
    static final int FIRST_SLOT_MINUTES = 7 * 60;
    static final int TIME_SLOTS = 60;
    /** Share of events in the future: the home page lists upcoming events. */
    static final double UPCOMING_SHARE = 0.85;

    private static final long EVENT = 0x2001;
    private static final long ADDRESS = 0x2002;
    private static final long TAGS = 0x2003;
    private static final long ATTENDEES = 0x2004;
    private static final long RATINGS = 0x2005;
    private static final long COMMENTS = 0x2006;

    private final OlioScale scale;
    private final SeededStreams streams;
    private final LocalDate referenceDate;

    EventRows(OlioScale scale, SeededStreams streams, LocalDate referenceDate) {
        this.scale = scale;
        this.streams = streams;
        this.referenceDate = referenceDate;
    }

    static String tagName(long tagId) {
        return "tag" + tagId;
    }

    void writeAddresses(CopyTextWriter out) {
        for (int eventId = 1; eventId <= scale.events(); eventId++) {
            PersonRows.writeAddress(out, scale.loadedUsers() + eventId, streams.of(ADDRESS, eventId));
        }
    }

    void writeEvents(CopyTextWriter out) {
        for (int eventId = 1; eventId <= scale.events(); eventId++) {
            SplittableRandom rng = streams.of(EVENT, eventId);
            boolean upcoming = rng.nextDouble() < UPCOMING_SHARE;
            LocalDate date = referenceDate.plusDays(upcoming ? rng.nextInt(1, 181) : -rng.nextInt(1, 91));
            int minutes = FIRST_SLOT_MINUTES + 15 * rng.nextInt(TIME_SLOTS);
            String time = String.format("%02d:%02d:00", minutes / 60, minutes % 60);
            LocalDate created = date.minusDays(rng.nextInt(1, 61));
            int[] ratings = ratings(eventId);
            int total = 0;
            for (int rating : ratings) {
                total += rating;
            }
            out.add(eventId).add(SampleText.title(rng))
                    .add(SampleText.words(rng, SeededStreams.between(rng, 20, 70), 500))
                    .add(PersonRows.username(rng.nextInt(1, scale.loadedUsers() + 1)))
                    .add(SeedFiles.eventImage(eventId)).add(SeedFiles.eventThumbnail(eventId)).add(SeedFiles.eventLiterature(eventId))
                    .add(SampleText.telephone(rng)).add(scale.loadedUsers() + eventId).add(SampleText.timeZone(rng))
                    .add(date + " " + time).add(date.toString())
                    .add(SampleText.words(rng, SeededStreams.between(rng, 5, 12), 100))
                    .add(created + " " + String.format("%02d:%02d:00", rng.nextInt(24), rng.nextInt(60)))
                    .add(total).add(ratings.length);
            out.endRow();
        }
    }

    void writeTags(CopyTextWriter out) {
        int[] refcounts = new int[scale.tags() + 1];
        for (int eventId = 1; eventId <= scale.events(); eventId++) {
            for (int tagId : tagsOf(eventId)) {
                refcounts[tagId]++;
            }
        }
        for (int tagId = 1; tagId <= scale.tags(); tagId++) {
            out.add(tagId).add(tagName(tagId)).add(refcounts[tagId]);
            out.endRow();
        }
    }

    void writeEventTags(CopyTextWriter out) {
        for (int eventId = 1; eventId <= scale.events(); eventId++) {
            for (int tagId : tagsOf(eventId)) {
                out.add(tagId).add(eventId);
                out.endRow();
            }
        }
    }

    /** 10–100 distinct attendees per event (fewer only when there are fewer users). */
    void writeAttendees(CopyTextWriter out) {
        for (int eventId = 1; eventId <= scale.events(); eventId++) {
            SplittableRandom rng = streams.of(ATTENDEES, eventId);
            int count = Math.min(SeededStreams.between(rng, MIN_ATTENDEES, MAX_ATTENDEES), scale.loadedUsers());
            for (int userId : Sampling.distinct(rng, count, scale.loadedUsers(), 0)) {
                out.add(userId).add(eventId);
                out.endRow();
            }
        }
    }

    void writeComments(CopyTextWriter out) {
        long commentId = 0;
        for (int eventId = 1; eventId <= scale.events(); eventId++) {
            SplittableRandom rng = streams.of(COMMENTS, eventId);
            for (int rating : ratings(eventId)) {
                LocalDate day = referenceDate.minusDays(rng.nextInt(0, 60));
                String at = day + " " + String.format("%02d:%02d:%02d", rng.nextInt(24), rng.nextInt(60), rng.nextInt(60));
                out.add(++commentId).add(PersonRows.username(rng.nextInt(1, scale.loadedUsers() + 1)))
                        .add(eventId).add(SampleText.words(rng, SeededStreams.between(rng, 5, 40), 1000))
                        .add(rating).add(at).add(at);
                out.endRow();
            }
        }
    }

    /** 0–20 ratings of 2–5 for the event: its comments, and its score and vote count. */
    int[] ratings(int eventId) {
        SplittableRandom rng = streams.of(RATINGS, eventId);
        int[] ratings = new int[rng.nextInt(MAX_COMMENTS + 1)];
        for (int i = 0; i < ratings.length; i++) {
            ratings[i] = SeededStreams.between(rng, MIN_RATING, MAX_RATING);
        }
        return ratings;
    }

    /** 1–7 distinct tags (uniform count, mean 4), skewed towards low tag ids. */
    int[] tagsOf(int eventId) {
        SplittableRandom rng = streams.of(TAGS, eventId);
        int count = Math.min(SeededStreams.between(rng, MIN_TAGS, MAX_TAGS), scale.tags());
        int[] tags = new int[count];
        int chosen = 0;
        while (chosen < count) {
            double u = rng.nextDouble();
            int candidate = 1 + (int) (scale.tags() * u * u);
            boolean seen = false;
            for (int i = 0; i < chosen; i++) {
                seen |= tags[i] == candidate;
            }
            if (!seen) {
                tags[chosen++] = candidate;
            }
        }
        Arrays.sort(tags);
        return tags;
    }
}
