package org.tilemark.harness.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.run.LiveInterval;
import org.tilemark.harness.run.MetricsPublisher;
import org.tilemark.harness.run.RunListener;
import org.tilemark.harness.search.SearchListener;
import org.tilemark.scoring.RunVerdict;

/**
 * The run as it stands, fed by the run ({@link RunListener}) and read by the API and the event stream; it
 * hands each run the metrics' publisher ({@code /metrics}), which the run tells its samples directly.
 * Pushing to browsers happens on its own thread: a slow browser never holds up the run.
 */
final class LiveState implements RunListener, SearchListener {

    static final String WAITING = "waiting";
    static final String RUNNING = "running";
    static final String FINISHED = "finished";
    /** The infrastructure operations the live view keeps (the bundle keeps all). */
    static final int RECENT_OPERATIONS = 50;
    /** The run's events the live view keeps (score.json keeps all). */
    static final int RECENT_EVENTS = 50;

    private final MetricsPublisher metrics;
    private final ObjectMapper json;
    private final ExecutorService pusher = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tilemark-serve-events");
        t.setDaemon(true);
        return t;
    });
    private final List<SseEmitter> listeners = new CopyOnWriteArrayList<>();
    private final ArrayDeque<InfraOpLine> operations = new ArrayDeque<>();
    private final ArrayDeque<Event> events = new ArrayDeque<>();
    private String status = WAITING;
    private String runId;
    private String bundle;
    private LiveInterval interval;
    private long intervals;
    private RunVerdict verdict;
    private String scoreLine;
    private SearchView search;

    LiveState(MetricsPublisher metrics, ObjectMapper json) {
        this.metrics = metrics;
        this.json = json;
    }

    /**
     * What {@code GET /api/live} answers and each event carries.
     *
     * @param intervals  intervals seen so far (a reader can tell a new one from the last)
     * @param operations the latest infrastructure operations, oldest first
     * @param events     the latest events of the run (a VM stopped, a phase failed QoS), oldest first
     * @param verdict    the run's verdict once it ended (its word, as score.json has it), else null
     */
    record View(String status, String runId, String bundle, long intervals, LiveInterval interval,
                List<InfraOpLine> operations, List<Event> events,
                @JsonSerialize(using = ToStringSerializer.class) RunVerdict verdict, String scoreLine, SearchView search) {
    }

    /** Something that happened to the run, at {@code at} (ISO-8601). */
    record Event(String at, String what) {
    }

    /**
     * A search as it stands ({@code search --serve}; null otherwise): the live run is its current step.
     *
     * @param steps    the steps so far, as {@code steps.jsonl} holds them
     * @param headline the search's headline once it ended, else null
     */
    record SearchView(String searchId, int startTiles, int maxTiles, List<SearchFile.Step> steps, String headline) {
    }

    synchronized View view() {
        return new View(status, runId, bundle, intervals, interval, List.copyOf(operations), List.copyOf(events), verdict,
                scoreLine, search);
    }

    @Override
    public void searchStarted(String searchId, int startTiles, int maxTiles) {
        synchronized (this) {
            search = new SearchView(searchId, startTiles, maxTiles, List.of(), null);
        }
        push("live");
    }

    @Override
    public void searchStep(SearchFile.Step step) {
        synchronized (this) {
            List<SearchFile.Step> steps = new ArrayList<>(search.steps());
            steps.add(step);
            search = new SearchView(search.searchId(), search.startTiles(), search.maxTiles(), List.copyOf(steps), null);
        }
        push("live");
    }

    @Override
    public void searchFinished(String headline) {
        synchronized (this) {
            // a search in one run tells no run verdict of its own: its end is the search's
            status = FINISHED;
            search = new SearchView(search.searchId(), search.startTiles(), search.maxTiles(), search.steps(), headline);
        }
        push("live");
    }

    @Override
    public RunListener steps() {
        return this;
    }

    @Override
    public Optional<MetricsPublisher> metrics() {
        return Optional.of(metrics);
    }

    @Override
    public void started(String id, Path directory) {
        synchronized (this) {
            status = RUNNING;
            runId = id;
            bundle = directory.getFileName().toString();
            // tilemark serve starts one run after another: nothing of the last one carries over, nor an ended search.
            if (search != null && search.headline() != null) {
                search = null;
            }
            interval = null;
            intervals = 0;
            operations.clear();
            events.clear();
            verdict = null;
            scoreLine = null;
        }
        push("live");
    }

    @Override
    public void interval(LiveInterval latest) {
        synchronized (this) {
            interval = latest;
            intervals++;
        }
        push("live");
    }

    @Override
    public void infraOperation(InfraOpLine operation) {
        synchronized (this) {
            keepLast(operations, operation, RECENT_OPERATIONS);
        }
        push("live");
    }

    @Override
    public void event(String at, String what) {
        synchronized (this) {
            keepLast(events, new Event(at, what), RECENT_EVENTS);
        }
        push("live");
    }

    @Override
    public void finished(RunVerdict ended, String line) {
        synchronized (this) {
            status = FINISHED;
            verdict = ended;
            scoreLine = line;
        }
        push("live");
    }

    private static <T> void keepLast(ArrayDeque<T> recent, T latest, int most) {
        recent.addLast(latest);
        while (recent.size() > most) {
            recent.removeFirst();
        }
    }

    /** A new event stream; it gets the state at once, then every change. */
    SseEmitter subscribe() {
        SseEmitter emitter = new SseEmitter(0L);
        emitter.onCompletion(() -> listeners.remove(emitter));
        emitter.onTimeout(() -> listeners.remove(emitter));
        emitter.onError(e -> listeners.remove(emitter));
        listeners.add(emitter);
        pusher.execute(() -> send(emitter, "live"));
        return emitter;
    }

    /** Ends every event stream (the server is closing). */
    void close() {
        pusher.execute(() -> listeners.forEach(SseEmitter::complete));
        pusher.shutdown();
    }

    private void push(String event) {
        try {
            pusher.execute(() -> listeners.forEach(emitter -> send(emitter, event)));
        } catch (java.util.concurrent.RejectedExecutionException closed) {
            // The server closed while the run goes on: nobody is listening.
        }
    }

    private void send(SseEmitter emitter, String event) {
        try {
            emitter.send(SseEmitter.event().name(event).data(json.writeValueAsString(view())));
        } catch (IOException | IllegalStateException gone) {
            listeners.remove(emitter);
            emitter.completeWithError(gone);
        }
    }
}
