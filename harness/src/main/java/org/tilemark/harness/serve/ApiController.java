package org.tilemark.harness.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.tilemark.config.ConfigException;
import org.tilemark.config.Messages;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** The REST API (documented in openapi.yaml beside the pages) and {@code /metrics}. {@link TokenFilter} guards them. */
@RestController
final class ApiController {

    /** Prometheus' text exposition format. */
    private static final Set<String> REQUEST_FIELDS = Set.of("config", "settings", "search", "series");
    private static final MediaType PROMETHEUS_TEXT = MediaType.parseMediaType("text/plain; version=0.0.4; charset=utf-8");

    private final BundleIndex bundles;
    private final LiveState live;
    private final RunControl control;
    private final RunLauncher launcher;
    private final PrometheusMeterRegistry registry;
    private final ObjectMapper json;

    ApiController(BundleIndex bundles, LiveState live, RunControl control, RunLauncher launcher,
                  PrometheusMeterRegistry registry, ObjectMapper json) {
        this.bundles = bundles;
        this.live = live;
        this.control = control;
        this.launcher = launcher;
        this.registry = registry;
        this.json = json;
    }

    @GetMapping("/api/bundles")
    ResponseEntity<String> bundles() throws IOException {
        return ok(bundles.list());
    }

    @GetMapping("/api/bundles/{id}")
    ResponseEntity<String> bundle(@PathVariable("id") String id) throws IOException {
        var detail = bundles.read(id);
        return detail.isPresent() ? ok(detail.get()) : error(HttpStatus.NOT_FOUND, "no bundle named '" + id + "' under the results directory");
    }

    @GetMapping("/api/live")
    ResponseEntity<String> live() throws JsonProcessingException {
        return ok(live.view());
    }

    @GetMapping(path = "/api/live/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter events() {
        return live.subscribe();
    }

    /** Starts a run or a search: 202, or 400 naming every bad key (nothing started), or 409 while a run goes. */
    @PostMapping("/api/run")
    ResponseEntity<String> start(@RequestBody(required = false) String body) throws JsonProcessingException {
        RunLauncher.RunRequest request;
        try {
            request = request(body);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return error(HttpStatus.BAD_REQUEST, "body: " + Messages.clip(e instanceof JsonProcessingException j
                    ? j.getOriginalMessage() : e.getMessage()));
        }
        try {
            if (!launcher.launch(request)) {
                return error(HttpStatus.CONFLICT, "a run is going: one at a time (POST /api/run/stop stops it)");
            }
        } catch (ConfigException e) {
            return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_JSON)
                    .body(json.writeValueAsString(Map.of("error", String.join("; ", e.errors()), "errors", e.errors())));
        }
        return ResponseEntity.status(HttpStatus.ACCEPTED).contentType(MediaType.APPLICATION_JSON)
                .body(json.writeValueAsString(Map.of("starting", true)));
    }

    @PostMapping("/api/run/stop")
    ResponseEntity<String> stop() throws JsonProcessingException {
        if (!control.stop()) {
            return error(HttpStatus.CONFLICT, "no run is going");
        }
        return ResponseEntity.status(HttpStatus.ACCEPTED).contentType(MediaType.APPLICATION_JSON)
                .body(json.writeValueAsString(Map.of("stopping", true)));
    }

    @GetMapping("/metrics")
    ResponseEntity<String> metrics() {
        return ResponseEntity.ok().contentType(PROMETHEUS_TEXT).body(registry.scrape());
    }

    /**
     * {@code {"config": "<yaml>", "settings": {"run.tiles": "1"}, "search": false, "series": false}}, each optional; an
     * empty body is none.
     */
    private RunLauncher.RunRequest request(String body) throws JsonProcessingException {
        JsonNode tree = body == null || body.isBlank() ? json.createObjectNode() : json.readTree(body);
        if (!tree.isObject()) {
            throw new IllegalArgumentException("expected an object with 'config' and 'settings'");
        }
        tree.fieldNames().forEachRemaining(name -> {
            if (!REQUEST_FIELDS.contains(name)) {
                throw new IllegalArgumentException("unknown field '" + Messages.clip(name) + "' (config, settings, search, series)");
            }
        });
        JsonNode config = tree.path("config");
        if (!config.isMissingNode() && !config.isNull() && !config.isTextual()) {
            throw new IllegalArgumentException("config: expected the YAML as one string");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        JsonNode given = tree.path("settings");
        if (!given.isMissingNode() && !given.isObject()) {
            throw new IllegalArgumentException("settings: expected an object of key paths to values");
        }
        for (var entry : given.properties()) {
            if (!entry.getValue().isValueNode() || entry.getValue().isNull()) {
                throw new IllegalArgumentException("settings." + entry.getKey() + ": expected a value");
            }
            settings.put(entry.getKey(), entry.getValue().asText());
        }
        JsonNode search = tree.path("search");
        if (!search.isMissingNode() && !search.isBoolean()) {
            throw new IllegalArgumentException("search: expected true or false");
        }
        JsonNode series = tree.path("series");
        if (!series.isMissingNode() && !series.isBoolean()) {
            throw new IllegalArgumentException("series: expected true or false");
        }
        if (series.asBoolean(false) && !search.asBoolean(false)) {
            throw new IllegalArgumentException("series: only a search (\"search\": true) runs as a series");
        }
        return new RunLauncher.RunRequest(config.isTextual() ? config.asText() : null, settings, search.asBoolean(false),
                series.asBoolean(false));
    }

    private ResponseEntity<String> ok(Object body) throws JsonProcessingException {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body));
    }

    private ResponseEntity<String> error(HttpStatus status, String message) throws JsonProcessingException {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(json.writeValueAsString(Map.of("error", message)));
    }
}
