package org.tilemark.workloads.olio.db;

import java.util.SplittableRandom;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;

/**
 * PERSON, their ADDRESS rows (address id = user id) and PERSON_PERSON. User {@code n} is
 * {@code user{n}} with password {@code pass{n}}: the driver logs in with these.
 */
final class PersonRows {

    static final String ADDRESS_COLUMNS = "addressid, street1, street2, city, state, zip, country, latitude, longitude";
    static final String PERSON_COLUMNS = "userid, username, password, firstname, lastname, email, telephone, "
            + "imageurl, imagethumburl, summary, timezone, address_addressid";
    static final String FRIEND_COLUMNS = "person_userid, friends_userid, is_accepted";
    static final int MIN_FRIENDS = 2;
    static final int MAX_FRIENDS = 28;

    private static final long PERSON = 0x1001;
    private static final long ADDRESS = 0x1002;
    private static final long FRIENDS = 0x1003;

    private final OlioScale scale;
    private final SeededStreams streams;

    PersonRows(OlioScale scale, SeededStreams streams) {
        this.scale = scale;
        this.streams = streams;
    }

    static String username(long userId) {
        return "user" + userId;
    }

    static String password(long userId) {
        return "pass" + userId;
    }

    void writeAddresses(CopyTextWriter out) {
        for (int userId = 1; userId <= scale.loadedUsers(); userId++) {
            writeAddress(out, userId, streams.of(ADDRESS, userId));
        }
    }

    static void writeAddress(CopyTextWriter out, long addressId, SplittableRandom rng) {
        out.add(addressId);
        for (String field : SampleText.address(rng)) {
            out.add(field);
        }
        out.endRow();
    }

    void writePersons(CopyTextWriter out) {
        for (int userId = 1; userId <= scale.loadedUsers(); userId++) {
            SplittableRandom rng = streams.of(PERSON, userId);
            out.add(userId).add(username(userId)).add(password(userId))
                    .add(SampleText.firstName(rng)).add(SampleText.lastName(rng))
                    .add(username(userId) + "@example.org").add(SampleText.telephone(rng))
                    .add(SeedFiles.personImage(userId)).add(SeedFiles.personThumbnail(userId))
                    .add(SampleText.words(rng, SeededStreams.between(rng, 10, 60), 2500))
                    .add(SampleText.timeZone(rng)).add(userId);
            out.endRow();
        }
    }

    /** Each person names 2–28 distinct others (fewer only when there are not that many). */
    void writeFriends(CopyTextWriter out) {
        for (int userId = 1; userId <= scale.loadedUsers(); userId++) {
            SplittableRandom rng = streams.of(FRIENDS, userId);
            int count = Math.min(SeededStreams.between(rng, MIN_FRIENDS, MAX_FRIENDS), scale.loadedUsers() - 1);
            for (int friend : Sampling.distinct(rng, count, scale.loadedUsers(), userId)) {
                out.add(userId).add(friend).add(1);
                out.endRow();
            }
        }
    }
}
