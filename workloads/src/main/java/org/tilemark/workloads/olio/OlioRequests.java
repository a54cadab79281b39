package org.tilemark.workloads.olio;

import static java.util.Map.entry;

import java.util.List;
import java.util.Map;

/**
 * What Olio's operations send: targets and form fields, with {@code ${olio_*}} where a user's values
 * go. One spelling for both renderings of the driver: the stock-JMeter plan ({@link OlioTestPlan},
 * where JMeter substitutes its variables) and the compiled embedded user ({@link OlioUser}, through
 * {@link #fill}).
 */
final class OlioRequests {

    static final String HOME = "/";
    static final String LOGIN = "/login";
    static final String LOGOUT = "/logout";
    static final String TAG_SEARCH = "/tags?tag=${olio_tag}&page=1";
    static final String EVENT = "/events/${olio_event_id}";
    static final String ATTEND = "/events/${olio_event_id}/attend";
    static final String PERSON = "/people/${olio_person_id}";
    static final String ADD_PERSON = "/people";
    static final String ADD_EVENT = "/events";

    static final List<Map.Entry<String, String>> LOGIN_FIELDS = List.of(
            entry("username", "user${olio_user}"), entry("password", "pass${olio_user}"));

    static final List<Map.Entry<String, String>> PERSON_FIELDS = withAddress(List.of(
            entry("username", "tm${olio_unique}"),
            entry("password", "pw${olio_unique}"),
            entry("firstname", "Tile"),
            entry("lastname", "Mark${olio_unique}"),
            entry("email", "tm${olio_unique}@example.com"),
            entry("telephone", "555-0100"),
            entry("summary", "A Tilemark simulated user."),
            entry("timezone", "UTC")), "1 Benchmark Way", List.of());

    static final List<Map.Entry<String, String>> EVENT_FIELDS = withAddress(List.of(
            entry("title", "Tilemark event ${olio_unique}"),
            entry("summary", "An event added by a Tilemark user."),
            entry("description", "Simulated social event for the Olio workload."),
            entry("telephone", "555-0101"),
            entry("timezone", "UTC"),
            entry("year", "${olio_year}"),
            entry("month", "${olio_month}"),
            entry("day", "${olio_day}"),
            entry("hour", "${olio_hour}"),
            entry("minute", "${olio_minute}")), "2 Benchmark Way", List.of(entry("tags", "${olio_event_tags}")));

    /** An uploaded file of a form: its field, the file's name among {@link OlioAssets}, its type. */
    record FilePart(String field, String file, String contentType) {
    }

    static final List<FilePart> PERSON_FILES = List.of(new FilePart("image", OlioAssets.PERSON_IMAGE, "image/jpeg"));
    static final List<FilePart> EVENT_FILES = List.of(new FilePart("image", OlioAssets.EVENT_IMAGE, "image/jpeg"),
            new FilePart("literature", OlioAssets.LITERATURE, "application/pdf"));

    private OlioRequests() {
    }

    /** The address fields both forms share (Olio stores a person's and an event's address alike). */
    private static List<Map.Entry<String, String>> withAddress(List<Map.Entry<String, String>> before, String street,
            List<Map.Entry<String, String>> after) {
        List<Map.Entry<String, String>> address = List.of(entry("street1", street), entry("street2", ""),
                entry("city", "Springfield"), entry("state", "CA"), entry("zip", "94000"), entry("country", "USA"));
        return java.util.stream.Stream.of(before, address, after).flatMap(List::stream).toList();
    }

    /** {@code template} with each {@code ${name}} replaced by {@code values.get(name)} (a missing one by ""). */
    static String fill(String template, Map<String, String> values) {
        int open = template.indexOf("${");
        if (open < 0) {
            return template;
        }
        StringBuilder filled = new StringBuilder(template.length() + 16);
        int from = 0;
        while (open >= 0) {
            int close = template.indexOf('}', open);
            if (close < 0) {
                break;
            }
            filled.append(template, from, open);
            String value = values.get(template.substring(open + 2, close));
            filled.append(value == null ? "" : value);
            from = close + 1;
            open = template.indexOf("${", from);
        }
        return filled.append(template, from, template.length()).toString();
    }
}
