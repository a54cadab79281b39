package org.tilemark.harness.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** The REST API (documented in openapi.yaml beside the pages) and {@code /metrics}. {@link TokenFilter} guards them. */
@RestController
final class ApiController {

    /** Prometheus' text exposition format. */
    private static final MediaType PROMETHEUS_TEXT = MediaType.parseMediaType("text/plain; version=0.0.4; charset=utf-8");

    private final BundleIndex bundles;
    private final LiveState live;
    private final RunControl control;
    private final PrometheusMeterRegistry registry;
    private final ObjectMapper json;

    ApiController(BundleIndex bundles, LiveState live, RunControl control, PrometheusMeterRegistry registry,
                  ObjectMapper json) {
        this.bundles = bundles;
        this.live = live;
        this.control = control;
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

    private ResponseEntity<String> ok(Object body) throws JsonProcessingException {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json.writeValueAsString(body));
    }

    private ResponseEntity<String> error(HttpStatus status, String message) throws JsonProcessingException {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(json.writeValueAsString(Map.of("error", message)));
    }
}
