package org.tilemark.workloads.olio.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.tilemark.workloads.olio.cache.OlioCache;

/** HomePage, Login, Logout and the health check. */
@RestController
class HomeController {

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm", Locale.US);

    private final OlioQueries queries;
    private final HomePageCache homeCache;

    HomeController(OlioQueries queries, OlioCache cache) {
        this.queries = queries;
        this.homeCache = new HomePageCache(cache);
    }

    @GetMapping("/health")
    ResponseEntity<String> health() {
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body("ok");
    }

    @GetMapping("/")
    ResponseEntity<String> home(HttpSession session) {
        // The session's part (who is logged in) is the page's own; the events and tags come through the cache, as Olio's.
        HomePageCache.Content body = homeCache.content(this::homeContent);
        return new Page("Home", SessionUser.of(session)).html(body.main()).sidebar(body.sidebar()).ok();
    }

    /** The home page's events and tag cloud, from the database. */
    private HomePageCache.Content homeContent() {
        Page page = new Page("Home", null).heading("Upcoming events");
        eventList(page, queries.upcomingEvents());
        page.sidebar("<h2>Tags</h2>\n<div id=\"tag-cloud\">");
        for (OlioQueries.TagCount tag : queries.tagCloud()) {
            page.sidebar(Page.tagLink(tag.tag()));
        }
        page.sidebar("</div>");
        return new HomePageCache.Content(page.mainHtml(), page.sidebarHtml());
    }

    /** The event list of the home and tag pages: thumbnail, link, time, rating, summary. */
    static void eventList(Page page, List<OlioQueries.EventSummary> events) {
        page.html("<ul class=\"event-list\">");
        for (OlioQueries.EventSummary event : events) {
            page.html("<li><img src=\"" + Page.fileUrl(event.thumbnail()) + "\" alt=\"\">" + Page.eventLink(event.id(), event.title())
                    + " <span class=\"when\">" + WHEN.format(event.at()) + "</span> " + Page.stars(event.totalScore(), event.votes())
                    + "<br>" + Page.escape(event.summary()) + "</li>");
        }
        page.html("</ul>");
    }

    @PostMapping("/login")
    ResponseEntity<String> login(@RequestParam(required = false) String username,
            @RequestParam(required = false) String password, HttpServletRequest request) {
        Optional<SessionUser> user = username == null || password == null || username.length() > 25 || password.length() > 25
                ? Optional.empty() : queries.login(username.strip(), password);
        if (user.isEmpty()) {
            return new Page("Login", SessionUser.of(request.getSession(false)))
                    .paragraph("login-failed", "Login failed: unknown user name or wrong password.").ok();
        }
        HttpSession session = request.getSession(true);
        // A fresh session id on every login: a session id seen before login is worthless after it.
        request.changeSessionId();
        session.setAttribute(SessionUser.ATTRIBUTE, user.get());
        return redirect("/");
    }

    @GetMapping("/logout")
    ResponseEntity<String> logout(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
        return redirect("/");
    }

    static ResponseEntity<String> redirect(String location) {
        return ResponseEntity.status(HttpStatus.FOUND).header(HttpHeaders.LOCATION, location).build();
    }
}
