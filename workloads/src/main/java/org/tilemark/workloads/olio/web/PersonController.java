package org.tilemark.workloads.olio.web;

import jakarta.servlet.http.HttpSession;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

/** PersonDetail and AddPerson (registration). */
@RestController
class PersonController {

    private final OlioQueries queries;
    private final OlioUpdates updates;

    PersonController(OlioQueries queries, OlioUpdates updates) {
        this.queries = queries;
        this.updates = updates;
    }

    @GetMapping("/people/{id}")
    ResponseEntity<String> personDetail(@PathVariable String id, HttpSession session) {
        int userId = Forms.number(Map.of("id", id), "id", 1, Integer.MAX_VALUE);
        OlioQueries.PersonDetail person = queries.person(userId).orElseThrow(() -> new NotFoundException("no person " + userId));
        Page page = new Page(person.username(), SessionUser.of(session))
                .heading(person.firstname() + " " + person.lastname() + " (" + person.username() + ")")
                .html("<img id=\"person-image\" src=\"" + Page.fileUrl(person.image()) + "\" alt=\"photo\">")
                .html("<p>" + Page.escape(person.email()) + ", " + Page.escape(person.telephone()) + ", "
                        + Page.escape(person.timezone()) + "</p>")
                .html(address(person.address()))
                .html("<p class=\"summary\">" + Page.escape(person.summary()) + "</p>")
                .html("<h2>Attending</h2>");
        HomeController.eventList(page, queries.eventsAttending(userId));
        page.sidebar("<h2>Friends</h2><ul id=\"friends\">");
        queries.friends(userId).forEach(friend -> page.sidebar("<li><img src=\"" + Page.fileUrl(friend.thumbnail())
                + "\" alt=\"\" width=\"40\">" + Page.personLink(friend.id(), friend.username()) + "</li>"));
        return page.sidebar("</ul>").ok();
    }

    @GetMapping("/people/new")
    ResponseEntity<String> addPersonForm(HttpSession session) {
        return new Page("Register", SessionUser.of(session)).heading("Register").html(FormPages.ADD_PERSON).ok();
    }

    @PostMapping("/people")
    ResponseEntity<String> addPerson(@RequestParam Map<String, String> form,
            @RequestParam(name = "image", required = false) MultipartFile image, HttpSession session) {
        Forms.NewPerson person = Forms.person(form, image);
        Optional<Integer> userId = updates.addPerson(person);
        if (userId.isEmpty()) {
            return new Page("Register", SessionUser.of(session))
                    .paragraph("error", "The user name " + person.username() + " is already taken.")
                    .html(FormPages.ADD_PERSON).ok();
        }
        return HomeController.redirect("/people/" + userId.get());
    }

    static String address(OlioQueries.Address address) {
        if (address == null || address.street1() == null) {
            return "";
        }
        return "<p class=\"address\">" + Page.escape(address.street1())
                + (address.street2() == null ? "" : ", " + Page.escape(address.street2())) + "<br>"
                + Page.escape(address.city()) + ", " + Page.escape(address.state()) + " " + Page.escape(address.zip())
                + ", " + Page.escape(address.country()) + "</p>";
    }
}
