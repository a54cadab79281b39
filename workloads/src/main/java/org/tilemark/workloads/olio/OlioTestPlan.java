package org.tilemark.workloads.olio;

import static java.util.Map.entry;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.ifController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PostProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PreProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.onceOnlyController;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadPause;
import static us.abstracta.jmeter.javadsl.JmeterDsl.transaction;
import static us.abstracta.jmeter.javadsl.JmeterDsl.vars;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.http.entity.ContentType;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/**
 * Olio's load as an Apache JMeter plan (jmeter-java-dsl): one thread per user, one operation per
 * iteration. Each iteration a Groovy pre-processor picks the next operation by Faban's Markov chain,
 * a Groovy timer waits for the operation's intended start (negative-exponential start-to-start
 * schedule), and a Switch Controller runs the operation's requests. Samples are named by operation.
 * Everything is stock JMeter, so {@link #saveAsJmx} gives a plan plain JMeter runs.
 */
public final class OlioTestPlan {

    /** Sample labels the plan produces for the operations (Logout only before a Login while logged in). */
    public static final Set<String> SAMPLE_LABELS = Set.of("HomePage", "Login", "Logout", "TagSearch",
            "EventDetail", "PersonDetail", "AddPerson", "AddEvent");

    private static final ContentType TEXT = ContentType.TEXT_PLAIN.withCharset("UTF-8");
    private static final ContentType PDF = ContentType.create("application/pdf");

    private OlioTestPlan() {
    }

    public static DslTestPlan build(OlioPlanSettings settings) {
        long timeoutMs = settings.requestTimeout().toMillis();
        return testPlan(
                vars().set("olio_origin_ms", settings.originEpochMs())
                        .set("olio_cycle_ms", settings.cycleMs())
                        .set("olio_max_cycle_factor", settings.maxCycleFactor())
                        .set("olio_loaded_users", settings.loadedUsers())
                        .set("olio_tags", settings.tags())
                        .set("olio_empty_cache_percent", settings.emptyCachePercent())
                        .set("olio_attend_percent", settings.attendPercent()),
                httpDefaults().url("http://" + settings.host() + ":" + settings.port())
                        .connectionTimeout(settings.requestTimeout()).responseTimeout(settings.requestTimeout()),
                httpCookies().clearCookiesBetweenIterations(false),
                // the DSL's own cache manager would clear the cache every iteration (= every operation)
                httpCache().disable(),
                new OlioDslElements.SessionCache(),
                threadGroup("olio-users").rampToAndHold(settings.users(), "0", settings.durationSeconds()).children(
                        jsr223PostProcessor("olio.track", OlioScripts.afterRequest()),
                        onceOnlyController(
                                threadPause("0").children(jsr223PreProcessor("olio.init", OlioScripts.init())),
                                // a returning user's browser already holds the static files: fetched unrecorded
                                ifController("${olio_warm}", new OlioDslElements.PageSampler("olio.prime", "/"))),
                        threadPause("0").children(
                                jsr223PreProcessor("olio.schedule", OlioScripts.schedule()),
                                new OlioDslElements.GroovyTimer("olio.waitForIntendedStart",
                                        OlioScripts.waitForIntendedStart())),
                        ifController("${olio_logout_first}", httpSampler("Logout", "/logout")),
                        new OlioDslElements.Switch("olio.operation", "${olio_op}", List.of(
                                new OlioDslElements.PageSampler("HomePage", "/"),
                                httpSampler("Login", "/login").method("POST")
                                        .param("username", "user${olio_user}").param("password", "pass${olio_user}"),
                                new OlioDslElements.PageSampler("TagSearch", "/tags?tag=${olio_tag}&page=1"),
                                transaction("EventDetail",
                                        new OlioDslElements.PageSampler("EventDetail.view", "/events/${olio_event_id}"),
                                        ifController("${olio_attend}",
                                                httpSampler("EventDetail.attend", "/events/${olio_event_id}/attend")
                                                        .method("POST")))
                                        .generateParentSample(),
                                new OlioDslElements.PageSampler("PersonDetail", "/people/${olio_person_id}"),
                                addPerson(settings.uploadDir()),
                                addEvent(settings.uploadDir())))));
    }

    /** Writes the plan as a .jmx for stock JMeter (no Tilemark listener: add JMeter's own). */
    public static void saveAsJmx(OlioPlanSettings settings, Path jmx) throws IOException {
        build(settings).saveAsJmx(jmx.toString());
    }

    private static DslHttpSampler addPerson(String uploadDir) {
        DslHttpSampler form = httpSampler("AddPerson", "/people").method("POST");
        textParts(form, List.of(
                entry("username", "tm${olio_unique}"),
                entry("password", "pw${olio_unique}"),
                entry("firstname", "Tile"),
                entry("lastname", "Mark${olio_unique}"),
                entry("email", "tm${olio_unique}@example.com"),
                entry("telephone", "555-0100"),
                entry("summary", "A Tilemark simulated user."),
                entry("timezone", "UTC")));
        textParts(form, address("1 Benchmark Way"));
        return form.bodyFilePart("image", uploadDir + "/" + OlioAssets.IMAGE, ContentType.IMAGE_PNG);
    }

    private static DslHttpSampler addEvent(String uploadDir) {
        DslHttpSampler form = httpSampler("AddEvent", "/events").method("POST");
        textParts(form, List.of(
                entry("title", "Tilemark event ${olio_unique}"),
                entry("summary", "An event added by a Tilemark user."),
                entry("description", "Simulated social event for the Olio workload."),
                entry("telephone", "555-0101"),
                entry("timezone", "UTC"),
                entry("year", "${olio_year}"),
                entry("month", "${olio_month}"),
                entry("day", "${olio_day}"),
                entry("hour", "${olio_hour}"),
                entry("minute", "${olio_minute}")));
        textParts(form, address("2 Benchmark Way"));
        textParts(form, List.of(entry("tags", "${olio_event_tags}")));
        return form.bodyFilePart("image", uploadDir + "/" + OlioAssets.IMAGE, ContentType.IMAGE_PNG)
                .bodyFilePart("literature", uploadDir + "/" + OlioAssets.LITERATURE, PDF);
    }

    /** The address fields both forms share (Olio stores a person's and an event's address alike). */
    private static List<Map.Entry<String, String>> address(String street) {
        return List.of(entry("street1", street), entry("street2", ""), entry("city", "Springfield"), entry("state", "CA"),
                entry("zip", "94000"), entry("country", "USA"));
    }

    private static void textParts(DslHttpSampler form, List<Map.Entry<String, String>> fields) {
        fields.forEach(field -> form.bodyPart(field.getKey(), field.getValue(), TEXT));
    }
}
