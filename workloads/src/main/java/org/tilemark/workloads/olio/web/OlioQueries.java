package org.tilemark.workloads.olio.web;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;

/** The read side of Olio: what the home, tag search, event and person pages show. */
final class OlioQueries {

    static final int EVENTS_PER_PAGE = 10;
    static final int TAG_CLOUD_SIZE = 50;
    static final int PERSON_EVENTS_SHOWN = 20;

    record EventSummary(int id, String title, String summary, LocalDateTime at, String thumbnail, int totalScore, int votes) {
    }

    record TagCount(String tag, int refcount) {
    }

    record Address(String street1, String street2, String city, String state, String zip, String country) {
    }

    record EventDetail(int id, String title, String description, String summary, String submitter, LocalDateTime at,
            String timezone, String telephone, String image, String literature, int totalScore, int votes,
            Address address) {
    }

    record PersonRef(int id, String username, String thumbnail) {
    }

    record Comment(String username, String text, int rating, LocalDateTime at) {
    }

    record PersonDetail(int id, String username, String firstname, String lastname, String email, String telephone,
            String image, String summary, String timezone, Address address) {
    }

    private static final String SUMMARY_COLUMNS =
            "e.socialeventid, e.title, e.summary, e.eventtimestamp, e.imagethumburl, e.totalscore, e.numberofvotes";
    private static final RowMapper<EventSummary> SUMMARY = (rs, i) -> new EventSummary(rs.getInt(1), rs.getString(2),
            rs.getString(3), rs.getObject(4, LocalDateTime.class), rs.getString(5), rs.getInt(6), rs.getInt(7));
    private static final RowMapper<PersonRef> PERSON_REF = (rs, i) -> new PersonRef(rs.getInt(1), rs.getString(2), rs.getString(3));

    private final JdbcTemplate jdbc;

    OlioQueries(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    List<EventSummary> upcomingEvents() {
        return jdbc.query("SELECT " + SUMMARY_COLUMNS + " FROM socialevent e WHERE e.eventtimestamp >= localtimestamp"
                + " ORDER BY e.eventtimestamp, e.socialeventid LIMIT " + EVENTS_PER_PAGE, SUMMARY);
    }

    List<TagCount> tagCloud() {
        return jdbc.query("SELECT tag, refcount FROM socialeventtag ORDER BY refcount DESC, socialeventtagid LIMIT "
                + TAG_CLOUD_SIZE, (rs, i) -> new TagCount(rs.getString(1), rs.getInt(2)));
    }

    /** One page of the tag's events plus one more row, so the caller knows whether a next page exists. */
    List<EventSummary> eventsTagged(String tag, int page) {
        return jdbc.query("SELECT " + SUMMARY_COLUMNS + " FROM socialeventtag t"
                + " JOIN socialeventtag_socialevent x ON x.socialeventtagid = t.socialeventtagid"
                + " JOIN socialevent e ON e.socialeventid = x.socialeventid WHERE t.tag = ?"
                + " ORDER BY e.eventtimestamp DESC, e.socialeventid LIMIT ? OFFSET ?",
                SUMMARY, tag, EVENTS_PER_PAGE + 1, (long) (page - 1) * EVENTS_PER_PAGE);
    }

    Optional<EventDetail> event(int id) {
        return jdbc.query("SELECT e.socialeventid, e.title, e.description, e.summary, e.submitterusername,"
                + " e.eventtimestamp, e.timezone, e.telephone, e.imageurl, e.literatureurl, e.totalscore, e.numberofvotes,"
                + " a.street1, a.street2, a.city, a.state, a.zip, a.country"
                + " FROM socialevent e LEFT JOIN address a ON a.addressid = e.address_addressid WHERE e.socialeventid = ?",
                (rs, i) -> new EventDetail(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                        rs.getObject(6, LocalDateTime.class), rs.getString(7), rs.getString(8), rs.getString(9),
                        rs.getString(10), rs.getInt(11), rs.getInt(12), new Address(rs.getString(13), rs.getString(14),
                        rs.getString(15), rs.getString(16), rs.getString(17), rs.getString(18))), id)
                .stream().findFirst();
    }

    List<PersonRef> attendees(int eventId) {
        return jdbc.query("SELECT p.userid, p.username, p.imagethumburl FROM person_socialevent ps"
                + " JOIN person p ON p.userid = ps.userid WHERE ps.socialeventid = ? ORDER BY p.userid", PERSON_REF, eventId);
    }

    List<Comment> comments(int eventId) {
        return jdbc.query("SELECT username, comments, ratings, created_at FROM comments_rating WHERE socialeventid = ?"
                + " ORDER BY created_at DESC, commentid", (rs, i) -> new Comment(rs.getString(1), rs.getString(2),
                rs.getInt(3), rs.getObject(4, LocalDateTime.class)), eventId);
    }

    List<String> tagsOf(int eventId) {
        return jdbc.queryForList("SELECT t.tag FROM socialeventtag_socialevent x JOIN socialeventtag t"
                + " ON t.socialeventtagid = x.socialeventtagid WHERE x.socialeventid = ? ORDER BY t.tag", String.class, eventId);
    }

    Optional<PersonDetail> person(int id) {
        return jdbc.query("SELECT p.userid, p.username, p.firstname, p.lastname, p.email, p.telephone, p.imageurl,"
                + " p.summary, p.timezone, a.street1, a.street2, a.city, a.state, a.zip, a.country"
                + " FROM person p LEFT JOIN address a ON a.addressid = p.address_addressid WHERE p.userid = ?",
                (rs, i) -> new PersonDetail(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
                        new Address(rs.getString(10), rs.getString(11), rs.getString(12), rs.getString(13),
                                rs.getString(14), rs.getString(15))), id)
                .stream().findFirst();
    }

    List<PersonRef> friends(int userId) {
        return jdbc.query("SELECT p.userid, p.username, p.imagethumburl FROM person_person f"
                + " JOIN person p ON p.userid = f.friends_userid WHERE f.person_userid = ? ORDER BY p.userid", PERSON_REF, userId);
    }

    List<EventSummary> eventsAttending(int userId) {
        return jdbc.query("SELECT " + SUMMARY_COLUMNS + " FROM person_socialevent ps"
                + " JOIN socialevent e ON e.socialeventid = ps.socialeventid WHERE ps.userid = ?"
                + " ORDER BY e.eventtimestamp DESC, e.socialeventid LIMIT " + PERSON_EVENTS_SHOWN, SUMMARY, userId);
    }

    /** The person with this username and password (Olio stores passwords as given). */
    Optional<SessionUser> login(String username, String password) {
        return jdbc.query("SELECT userid, username FROM person WHERE username = ? AND password = ?",
                (rs, i) -> new SessionUser(rs.getInt(1), rs.getString(2)), username, password).stream().findFirst();
    }

    boolean eventExists(int eventId) {
        return !jdbc.queryForList("SELECT 1 FROM socialevent WHERE socialeventid = ?", Integer.class, eventId).isEmpty();
    }
}
