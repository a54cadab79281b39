package org.tilemark.workloads.olio;

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
 * Olio's load as a stock Apache JMeter plan (jmeter-java-dsl), what {@code tilemark olio export-jmx}
 * writes: one thread per user, one operation per iteration. Each iteration a Groovy pre-processor picks
 * the next operation by Faban's Markov chain, a Groovy timer waits for the operation's intended start
 * (negative-exponential start-to-start schedule), and a Switch Controller runs the operation's HTTP
 * samplers. Samples are named by operation. Everything is stock JMeter, so {@link #saveAsJmx} gives a
 * plan plain JMeter runs. The embedded driver runs the same workload compiled ({@link OlioCycleSampler}):
 * the requests and forms are {@link OlioRequests}' in both.
 */
public final class OlioTestPlan {

    /** Sample labels the plan produces for the operations (Logout only before a Login while logged in). */
    public static final Set<String> SAMPLE_LABELS = Set.of("HomePage", "Login", "Logout", "TagSearch",
            "EventDetail", "PersonDetail", "AddPerson", "AddEvent");

    private static final ContentType TEXT = ContentType.TEXT_PLAIN.withCharset("UTF-8");

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
                                ifController("${olio_warm}", new OlioDslElements.PageSampler("olio.prime", OlioRequests.HOME))),
                        threadPause("0").children(
                                jsr223PreProcessor("olio.schedule", OlioScripts.schedule()),
                                new OlioDslElements.GroovyTimer("olio.waitForIntendedStart",
                                        OlioScripts.waitForIntendedStart())),
                        ifController("${olio_logout_first}", httpSampler("Logout", OlioRequests.LOGOUT)),
                        new OlioDslElements.Switch("olio.operation", "${olio_op}", List.of(
                                new OlioDslElements.PageSampler("HomePage", OlioRequests.HOME),
                                login(),
                                new OlioDslElements.PageSampler("TagSearch", OlioRequests.TAG_SEARCH),
                                transaction("EventDetail",
                                        new OlioDslElements.PageSampler("EventDetail.view", OlioRequests.EVENT),
                                        ifController("${olio_attend}",
                                                httpSampler("EventDetail.attend", OlioRequests.ATTEND).method("POST")))
                                        .generateParentSample(),
                                new OlioDslElements.PageSampler("PersonDetail", OlioRequests.PERSON),
                                form("AddPerson", OlioRequests.ADD_PERSON, OlioRequests.PERSON_FIELDS,
                                        OlioRequests.PERSON_FILES, settings.uploadDir()),
                                form("AddEvent", OlioRequests.ADD_EVENT, OlioRequests.EVENT_FIELDS,
                                        OlioRequests.EVENT_FILES, settings.uploadDir())))));
    }

    /** Writes the plan as a .jmx for stock JMeter (no Tilemark listener: add JMeter's own). */
    public static void saveAsJmx(OlioPlanSettings settings, Path jmx) throws IOException {
        build(settings).saveAsJmx(jmx.toString());
    }

    private static DslHttpSampler form(String label, String path, List<Map.Entry<String, String>> fields,
            List<OlioRequests.FilePart> files, String uploadDir) {
        DslHttpSampler form = httpSampler(label, path).method("POST");
        textParts(form, fields);
        for (OlioRequests.FilePart file : files) {
            form.bodyFilePart(file.field(), uploadDir + "/" + file.file(), ContentType.create(file.contentType()));
        }
        return form;
    }

    private static DslHttpSampler login() {
        DslHttpSampler login = httpSampler("Login", OlioRequests.LOGIN).method("POST");
        OlioRequests.LOGIN_FIELDS.forEach(field -> login.param(field.getKey(), field.getValue()));
        return login;
    }

    private static void textParts(DslHttpSampler form, List<Map.Entry<String, String>> fields) {
        fields.forEach(field -> form.bodyPart(field.getKey(), field.getValue(), TEXT));
    }
}
