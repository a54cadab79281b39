package org.tilemark.harness.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.tilemark.config.Messages;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.compare.CompareSession;
import org.tilemark.harness.run.RunOutcome;

/**
 * The results page's server side: the files of each bundle (its report and charts, opened by links), the
 * browser's reading session, and {@code compare} of two bundles chosen on the page.
 */
@RestController
final class ResultsController {

    /** Where the files of {@code results/<id>/} are served. */
    static final String PREFIX = "/results/";
    private static final Map<String, MediaType> TYPES = Map.of(
            "html", MediaType.TEXT_HTML, "png", MediaType.IMAGE_PNG, "svg", MediaType.valueOf("image/svg+xml"),
            "json", MediaType.APPLICATION_JSON, "csv", MediaType.valueOf("text/csv"));

    private final BundleIndex bundles;
    private final ServeToken token;
    private final ObjectMapper json;

    ResultsController(BundleIndex bundles, ServeToken token, ObjectMapper json) {
        this.bundles = bundles;
        this.token = token;
        this.json = json;
    }

    @GetMapping(PREFIX + "{id}/{*file}")
    ResponseEntity<Resource> file(@PathVariable("id") String id, @PathVariable("file") String file) throws IOException {
        Optional<Path> found = bundles.file(id, file);
        if (found.isEmpty()) {
            return ResponseEntity.notFound().build();
        }
        String name = found.get().getFileName().toString();
        MediaType type = TYPES.getOrDefault(name.substring(name.lastIndexOf('.') + 1), MediaType.TEXT_PLAIN);
        return ResponseEntity.ok().contentType(type).body(new FileSystemResource(found.get()));
    }

    /** The page's reading cookie (HttpOnly, same site only), so that links to reports open. */
    @PostMapping("/api/session")
    ResponseEntity<Void> session() {
        ResponseCookie cookie = ResponseCookie.from(TokenFilter.SESSION_COOKIE, token.sessionValue())
                .httpOnly(true).sameSite("Strict").path("/").build();
        return ResponseEntity.noContent().header(HttpHeaders.SET_COOKIE, cookie.toString()).build();
    }

    /**
     * {@code tilemark compare} of two bundles under the results directory: the compare bundle is written there as
     * the command writes it, and the answer carries what the command prints and where its report is.
     */
    @PostMapping("/api/compare")
    synchronized ResponseEntity<String> compare(@RequestBody(required = false) String body) throws JsonProcessingException {
        Map<String, Path> sides = new LinkedHashMap<>();
        try {
            JsonNode tree = body == null || body.isBlank() ? json.createObjectNode() : json.readTree(body);
            for (String side : new String[] {"a", "b"}) {
                String id = tree.path(side).asText("");
                Optional<Path> bundle = bundles.bundle(id);
                if (bundle.isEmpty()) {
                    return answer(HttpStatus.BAD_REQUEST, Map.of("error", side + ": no bundle named '" + Messages.clip(id)
                            + "' under the results directory"));
                }
                sides.put(side, bundle.get());
            }
        } catch (JsonProcessingException e) {
            return answer(HttpStatus.BAD_REQUEST, Map.of("error", "body: " + Messages.clip(e.getOriginalMessage())));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CompareSession session = new CompareSession(print(out), print(err), spec -> {
            throw new IllegalStateException("comparing bundles runs nothing");
        });
        Path directory = CompareSession.newDirectory(bundles.results());
        int exit = session.compareBundlesInto(sides.get("a"), sides.get("b"), directory);
        String problem = err.toString(StandardCharsets.UTF_8).strip().replaceFirst("^error: ", "");
        if (exit != RunOutcome.COMPLIANT) {
            return answer(exit == RunOutcome.BAD_INPUT ? HttpStatus.BAD_REQUEST : HttpStatus.INTERNAL_SERVER_ERROR,
                    Map.of("error", problem));
        }
        String id = directory.getFileName().toString();
        return answer(HttpStatus.OK, Map.of("id", id, "output", out.toString(StandardCharsets.UTF_8),
                "report", PREFIX.substring(1) + id + "/" + BundleLayout.REPORT));
    }

    private ResponseEntity<String> answer(HttpStatus status, Map<String, String> body) throws JsonProcessingException {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body));
    }

    private static PrintStream print(ByteArrayOutputStream to) {
        return new PrintStream(to, true, StandardCharsets.UTF_8);
    }
}
