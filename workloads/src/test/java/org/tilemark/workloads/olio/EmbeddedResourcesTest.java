package org.tilemark.workloads.olio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which files a browser fetches for a page. */
class EmbeddedResourcesTest {

    @Test
    void imagesScriptsAndStylesheetsOnceEachInPageOrder() {
        String html = """
                <!DOCTYPE html><html><head><title>Olio</title>
                <link rel="stylesheet" href="/static/olio.css">
                <link rel="icon" href="/favicon.ico">
                <script src="/static/olio.js"></script></head>
                <body><IMG class="logo" SRC="/static/img/logo.png" alt="Olio">
                <a href="/events/7"><img src='/files/events/7/thumb.jpg?v=1&amp;s=2' alt=""></a>
                <img src="/static/img/logo.png"> <img alt="no source"> <img data-src="/lazy.png">
                <input type="image" src="/static/img/go.png"> <input type="text" src="/not-fetched.png">
                <img src="http://cdn.example.com/x.png"><img src="//cdn.example.com/y.png"><img src="data:image/png;base64,AA">
                <img src="star_on.png"><embed src="/files/events/7/literature.pdf">
                </body></html>
                """;
        assertThat(EmbeddedResources.in(html, "/events/7?page=1")).containsExactly(
                "/static/olio.css", "/static/olio.js", "/static/img/logo.png", "/files/events/7/thumb.jpg?v=1&s=2",
                "/static/img/go.png", "/events/star_on.png", "/files/events/7/literature.pdf");
    }

    @Test
    void aPageWithoutResourcesOrWithBrokenMarkupHasNone() {
        assertThat(EmbeddedResources.in("plain text, no tags", "/")).isEmpty();
        assertThat(EmbeddedResources.in("<img src=\"/never-closed.png", "/")).isEmpty();
        assertThat(EmbeddedResources.in("<img src=\"/unquoted.png\" <", "/")).isEmpty();
    }
}
