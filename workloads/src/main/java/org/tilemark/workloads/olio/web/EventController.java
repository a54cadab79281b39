package org.tilemark.workloads.olio.web;

import jakarta.servlet.http.HttpSession;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** TagSearch, EventDetail, attend and AddEvent. */
@RestController
class EventController {

    private final OlioQueries queries;
    private final OlioUpdates updates;

    EventController(OlioQueries queries, OlioUpdates updates) {
        this.queries = queries;
        this.updates = updates;
    }

    @GetMapping("/tags")
    ResponseEntity<String> tagSearch(@RequestParam(required = false) String tag, @RequestParam(required = false) String page,
            HttpSession session) {
        String wanted = Forms.text(tag == null ? Map.of() : Map.of("tag", tag), "tag", 30);
        int pageNumber = page == null || page.isBlank() ? 1 : Forms.number(Map.of("page", page), "page", 1, 100_000);
        List<OlioQueries.EventSummary> events = queries.eventsTagged(wanted, pageNumber);
        Page html = new Page("Tag " + wanted, SessionUser.of(session)).heading("Events tagged " + wanted);
        HomeController.eventList(html, events.subList(0, Math.min(events.size(), OlioQueries.EVENTS_PER_PAGE)));
        String link = "/tags?tag=" + URLEncoder.encode(wanted, StandardCharsets.UTF_8) + "&amp;page=";
        if (pageNumber > 1) {
            html.html("<a class=\"page\" rel=\"prev\" href=\"" + link + (pageNumber - 1) + "\">Previous</a>");
        }
        if (events.size() > OlioQueries.EVENTS_PER_PAGE) {
            html.html("<a class=\"page\" rel=\"next\" href=\"" + link + (pageNumber + 1) + "\">Next</a>");
        }
        return html.ok();
    }

    @GetMapping("/events/{id}")
    ResponseEntity<String> eventDetail(@PathVariable String id, HttpSession session) {
        int eventId = Forms.number(Map.of("id", id), "id", 1, Integer.MAX_VALUE);
        OlioQueries.EventDetail event = queries.event(eventId)
                .orElseThrow(() -> new NotFoundException("no event " + eventId));
        SessionUser user = SessionUser.of(session);
        Page page = new Page(event.title(), user).heading(event.title())
                .html("<img id=\"event-image\" src=\"" + Page.fileUrl(event.image()) + "\" alt=\"event image\">")
                .html("<p class=\"when\">" + HomeController.WHEN.format(event.at()) + " " + Page.escape(event.timezone()) + "</p>")
                .html("<p class=\"summary\">" + Page.escape(event.summary()) + "</p>")
                .html("<p class=\"description\">" + Page.escape(event.description()) + "</p>")
                .html("<p>Submitted by " + Page.escape(event.submitter()) + ", telephone " + Page.escape(event.telephone())
                        + " " + Page.stars(event.totalScore(), event.votes()) + "</p>")
                .html("<p><a id=\"literature\" href=\"" + Page.fileUrl(event.literature()) + "\">Event literature (PDF)</a></p>")
                .html(PersonController.address(event.address()))
                .html("<img id=\"map\" src=\"/static/img/map.png\" alt=\"map\">");
        if (user != null) {
            page.html("<form id=\"attend-form\" method=\"post\" action=\"/events/" + eventId
                    + "/attend\"><input type=\"submit\" value=\"Attend\"></form>");
        }
        page.html("<h2>Tags</h2><p>");
        queries.tagsOf(eventId).forEach(tag -> page.html(Page.tagLink(tag)));
        page.html("</p><h2>Comments</h2>");
        for (OlioQueries.Comment comment : queries.comments(eventId)) {
            page.html("<div class=\"comment\"><b>" + Page.escape(comment.username()) + "</b> "
                    + Page.stars(comment.rating(), 1) + " <span class=\"when\">" + HomeController.WHEN.format(comment.at())
                    + "</span><br>" + Page.escape(comment.text()) + "</div>");
        }
        page.sidebar("<h2>Attendees</h2><ul id=\"attendees\">");
        queries.attendees(eventId).forEach(person -> page.sidebar("<li>" + Page.personLink(person.id(), person.username()) + "</li>"));
        return page.sidebar("</ul>").ok();
    }

    @PostMapping("/events/{id}/attend")
    ResponseEntity<String> attend(@PathVariable String id, HttpSession session) {
        int eventId = Forms.number(Map.of("id", id), "id", 1, Integer.MAX_VALUE);
        SessionUser user = SessionUser.of(session);
        if (user == null) {
            return HomeController.redirect("/");
        }
        if (!queries.eventExists(eventId)) {
            throw new NotFoundException("no event " + eventId);
        }
        updates.attend(user.userId(), eventId);
        return HomeController.redirect("/events/" + eventId);
    }

    @GetMapping("/events/new")
    ResponseEntity<String> addEventForm(HttpSession session) {
        SessionUser user = SessionUser.of(session);
        if (user == null) {
            return HomeController.redirect("/");
        }
        return new Page("Add event", user).heading("Add an event").html(FormPages.ADD_EVENT).ok();
    }

    @PostMapping("/events")
    ResponseEntity<String> addEvent(@RequestParam Map<String, String> form,
            @RequestParam(name = "image", required = false) MultipartFile image,
            @RequestParam(name = "literature", required = false) MultipartFile literature, HttpSession session) {
        SessionUser user = SessionUser.of(session);
        if (user == null) {
            return HomeController.redirect("/");
        }
        int eventId = updates.addEvent(Forms.event(form, image, literature), user.username());
        return HomeController.redirect("/events/" + eventId);
    }
}
