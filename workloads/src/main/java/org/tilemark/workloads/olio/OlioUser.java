package org.tilemark.workloads.olio;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.tilemark.workloads.driver.FormEncoding;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.OpenCycle;
import org.tilemark.workloads.driver.StartPlan;

/**
 * One simulated Olio user, compiled: each {@link #next} picks the operation by Faban's Markov chain,
 * draws its inputs as the stock-JMeter plan's scripts do ({@link OlioScripts}), waits for its intended
 * start and runs its requests in the user's {@link OlioBrowser}. Not thread-safe: one JMeter thread's.
 */
final class OlioUser implements AutoCloseable {

    /** How EventDetail picks an event: from the links of the page the user just saw, as a browsing user would. */
    private static final String EVENT_LINK = "href=\"/events/";
    private static final String FORM = "application/x-www-form-urlencoded";
    /** Where Faban's cycle-time check finds a user's gaps, those a cut found stuck open included. */
    private static final OpenCycle.Names GAPS = new OpenCycle.Names(OlioWorkload.CYCLE_INTENDED,
            OlioWorkload.CYCLE_ACTUAL, OlioWorkload.CYCLE_STUCK);

    private final OlioLoad load;
    private final int threadNumber;
    private final OlioBrowser browser;
    private final RandomGenerator random;
    /** The user's operations and their slots, drawn ahead by a cut that finds the user stuck (its own generator). */
    private final StartPlan<Step> plan;
    private final long epochOffsetNanos;
    /** This cycle's {@code ${olio_*}} values, filled into {@link OlioRequests}' templates. */
    private final Map<String, String> values = new HashMap<>();
    private final InFlightUnits inFlight;
    private boolean arrived;
    private IntervalRecorder.InFlight previousUnit;
    private boolean loggedIn;
    private List<String> seenEvents = List.of();
    private long previousStartNanos = -1;

    /** Where the user's cycles are seen in flight: the tile's recorder and the VM its failures name. */
    record InFlightUnits(IntervalRecorder recorder, String vm) {
    }

    /** One planned cycle: the chain's operation and its slot in the schedule. */
    private record Step(String operation, OlioSchedule.Slot slot) {
    }

    OlioUser(OlioLoad load, int threadNumber, OlioBrowser browser, RandomGenerator random, InFlightUnits inFlight) {
        this.load = load;
        this.inFlight = inFlight;
        this.threadNumber = threadNumber;
        this.browser = browser;
        this.random = random;
        Instant now = Instant.now();
        this.epochOffsetNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano() - System.nanoTime();
        // The chain's steps and their gaps do not depend on how a cycle ends: a cut that finds this user stuck draws
        // them on to its own time, with a generator of the plan's own, and records the lag of every start missed.
        SplittableRandom planRandom = new SplittableRandom(random.nextLong());
        OlioSchedule schedule = new OlioSchedule(load.origin().getEpochSecond() * 1_000_000_000L + load.origin().getNano(),
                load.meanCycle(), load.maxCycleFactor(), planRandom);
        this.plan = new StartPlan<>(previous -> {
            String operation = previous == null ? OlioMarkovChain.FIRST_OPERATION
                    : OlioMarkovChain.next(previous.what().operation(), planRandom);
            OlioSchedule.Slot slot = schedule.next(operation, now());
            return new StartPlan.Start<>(slot.intendedNanos() - epochOffsetNanos, new Step(operation, slot), true);
        });
    }

    /** The next cycle, run once its intended start has come. */
    OlioCycle next() throws InterruptedException {
        if (!arrived) {
            arrived = true;
            // a returning user's browser already holds the static files: fetched unrecorded
            if (!load.startsWithEmptyCache(threadNumber)) {
                browser.view(OlioRequests.HOME);
            }
        }
        StartPlan.Taken<Step> taken = plan.take();
        String operation = taken.start().what().operation();
        OlioSchedule.Slot slot = taken.start().what().slot();
        boolean logoutFirst = operation.equals("Login") && loggedIn;
        boolean attend = operation.equals("EventDetail") && loggedIn && random.nextDouble() * 100.0 < load.attendPercent();
        drawValues(operation);
        long wait = slot.intendedNanos() - now();
        if (wait > 0) {
            Thread.sleep(Duration.ofNanos(wait));
        }
        long start = now();
        boolean lagRecorded = taken.lagRecorded();
        boolean gapRecorded = previousUnit != null && previousUnit.nextGapRecorded();
        OlioSchedule.Slot nextSlot = plan.upcoming().what().slot();
        IntervalRecorder.InFlight unit = inFlight.recorder().begin(operation, inFlight.vm(), load.requestTimeout(),
                plan, OpenCycle.of(GAPS, start - epochOffsetNanos, nextSlot.gapNanos(), load.cycleTolerancePercent()));
        previousUnit = unit;
        long requestsBefore = browser.requests();
        OlioCycle.Logout logout = null;
        OlioBrowser.View view;
        try {
            if (logoutFirst) {
                OlioBrowser.View out = browser.request("GET", OlioRequests.LOGOUT, null, null);
                loggedIn = false;
                // Faban starts the next session with an empty browser cache
                browser.emptyCache();
                logout = new OlioCycle.Logout(out.ok(), now());
            }
            view = run(operation, attend);
        } catch (InterruptedException e) {
            inFlight.recorder().end(unit); // the driver is stopping: the cycle is nobody's failure
            throw e;
        }
        long end = now();
        OlioCycle cycle = new OlioCycle(operation, slot.intendedNanos(), start, end, view.ok(), view.failure(),
                slot.gapNanos(), previousStartNanos, logout, browser.requests() - requestsBefore, unit, lagRecorded,
                gapRecorded);
        previousStartNanos = start;
        return cycle;
    }

    private OlioBrowser.View run(String operation, boolean attend) throws InterruptedException {
        return switch (operation) {
            case "HomePage" -> remembersEvents(browser.view(OlioRequests.HOME));
            case "TagSearch" -> remembersEvents(browser.view(fill(OlioRequests.TAG_SEARCH)));
            case "Login" -> login();
            case "EventDetail" -> {
                OlioBrowser.View page = browser.view(fill(OlioRequests.EVENT));
                yield page.ok() && attend
                        ? browser.request("POST", fill(OlioRequests.ATTEND), FORM, new byte[0]) : page;
            }
            case "PersonDetail" -> browser.view(fill(OlioRequests.PERSON));
            case "AddPerson" -> post(OlioRequests.ADD_PERSON, OlioRequests.PERSON_FIELDS, OlioRequests.PERSON_FILES);
            case "AddEvent" -> post(OlioRequests.ADD_EVENT, OlioRequests.EVENT_FIELDS, OlioRequests.EVENT_FILES);
            default -> throw new IllegalStateException("no requests for Olio operation " + operation);
        };
    }

    private OlioBrowser.View login() throws InterruptedException {
        StringBuilder form = new StringBuilder();
        for (Map.Entry<String, String> field : OlioRequests.LOGIN_FIELDS) {
            FormEncoding.field(form, field.getKey(), fill(field.getValue()));
        }
        OlioBrowser.View answer = browser.request("POST", OlioRequests.LOGIN, FORM,
                form.toString().getBytes(StandardCharsets.UTF_8));
        loggedIn = answer.ok() && !answer.html().contains("login-failed");
        return answer.ok() && !loggedIn ? OlioBrowser.View.failed("login refused") : answer;
    }

    private OlioBrowser.View post(String target, List<Map.Entry<String, String>> fields, List<OlioRequests.FilePart> files)
            throws InterruptedException {
        String boundary = "tilemark-" + Long.toHexString(random.nextLong());
        ByteArrayOutputStream body = new ByteArrayOutputStream(16 * 1024);
        for (Map.Entry<String, String> field : fields) {
            ascii(body, "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field.getKey()
                    + "\"\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n");
            body.writeBytes(fill(field.getValue()).getBytes(StandardCharsets.UTF_8));
            ascii(body, "\r\n");
        }
        for (OlioRequests.FilePart file : files) {
            ascii(body, "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + file.field() + "\"; filename=\""
                    + file.file() + "\"\r\nContent-Type: " + file.contentType() + "\r\nContent-Transfer-Encoding: binary\r\n\r\n");
            body.writeBytes(OlioAssets.content(file.file()));
            ascii(body, "\r\n");
        }
        ascii(body, "--" + boundary + "--\r\n");
        return browser.request("POST", target, "multipart/form-data; boundary=" + boundary, body.toByteArray());
    }

    private OlioBrowser.View remembersEvents(OlioBrowser.View page) {
        if (page.ok()) {
            Set<String> found = new LinkedHashSet<>();
            String html = page.html();
            for (int at = html.indexOf(EVENT_LINK); at >= 0; at = html.indexOf(EVENT_LINK, at + 1)) {
                int from = at + EVENT_LINK.length();
                int to = from;
                while (to < html.length() && Character.isDigit(html.charAt(to))) {
                    to++;
                }
                if (to > from && to < html.length() && html.charAt(to) == '"') {
                    found.add(html.substring(from, to));
                }
            }
            if (!found.isEmpty()) {
                seenEvents = new ArrayList<>(found);
            }
        }
        return page;
    }

    /** The operation's inputs, drawn as the plan's schedule script draws them. */
    private void drawValues(String operation) {
        values.put("olio_user", Integer.toString(1 + random.nextInt(load.loadedUsers())));
        values.put("olio_event_id", seenEvents.isEmpty() ? "1" : seenEvents.get(random.nextInt(seenEvents.size())));
        values.put("olio_person_id", Integer.toString(1 + random.nextInt(load.loadedUsers())));
        values.put("olio_tag", "tag" + (1 + random.nextInt(load.tags())));
        if (operation.equals("AddPerson") || operation.equals("AddEvent")) {
            values.put("olio_unique", Long.toString(System.nanoTime(), 36) + threadNumber + random.nextInt(1_000_000));
        }
        if (operation.equals("AddEvent")) {
            Set<String> tags = new LinkedHashSet<>();
            for (int i = 0; i < 3; i++) {
                tags.add("tag" + (1 + random.nextInt(load.tags())));
            }
            values.put("olio_event_tags", String.join(" ", tags));
            LocalDateTime when = LocalDateTime.now().plusDays(1 + random.nextInt(300));
            values.put("olio_year", Integer.toString(when.getYear()));
            values.put("olio_month", Integer.toString(when.getMonthValue()));
            values.put("olio_day", Integer.toString(when.getDayOfMonth()));
            values.put("olio_hour", Integer.toString(7 + random.nextInt(15)));
            values.put("olio_minute", Integer.toString(15 * random.nextInt(4)));
        }
    }

    private String fill(String template) {
        return OlioRequests.fill(template, values);
    }

    private long now() {
        return System.nanoTime() + epochOffsetNanos;
    }

    private static void ascii(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** From another thread: fails the request in progress at once (the run is stopping). */
    void abort() {
        browser.abort();
    }

    @Override
    public void close() {
        browser.close();
    }
}
