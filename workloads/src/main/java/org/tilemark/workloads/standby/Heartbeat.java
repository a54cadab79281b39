package org.tilemark.workloads.standby;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.OpenLoopUser;

/**
 * One beat: {@code GET /heartbeat}, answered only if a 200 arrives within {@code timeout} of the
 * beat's intended start. A beat that starts late has that much less time, so a stalled pinger or
 * VM (e.g. stunned by a migration) shows as missed beats, not as slow ones.
 */
final class Heartbeat implements OpenLoopUser.Cycle {

    static final String OPERATION = "heartbeat";

    private final HttpClient client;
    private final URI uri;
    private final String vm;
    private final Duration timeout;
    private final IntervalRecorder recorder;

    Heartbeat(HttpClient client, URI uri, String vm, Duration timeout, IntervalRecorder recorder) {
        this.client = client;
        this.uri = uri;
        this.vm = vm;
        this.timeout = timeout;
        this.recorder = recorder;
    }

    @Override
    public void run(long intendedStartNanos) throws InterruptedException {
        long deadlineNanos = intendedStartNanos + timeout.toNanos();
        long remainingNanos = deadlineNanos - System.nanoTime();
        if (remainingNanos <= 0) {
            missed();
            return;
        }
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofNanos(remainingNanos)).GET().build();
        try {
            HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
            long latencyNanos = System.nanoTime() - intendedStartNanos;
            if (response.statusCode() == 200 && latencyNanos <= timeout.toNanos()) {
                recorder.completed(OPERATION, latencyNanos);
            } else {
                missed();
            }
        } catch (IOException refusedOrTimedOut) {
            missed();
        }
    }

    private void missed() {
        recorder.failedUnit(OPERATION, vm);
    }
}
