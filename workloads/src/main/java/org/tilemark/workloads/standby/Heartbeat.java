package org.tilemark.workloads.standby;

import java.io.IOException;
import java.time.Duration;
import org.tilemark.workloads.driver.HttpConnection;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.OpenLoopUser;

/**
 * One beat: {@code GET /heartbeat}, answered only if a 200 arrives within {@code timeout} of the
 * beat's intended start. A beat that starts late has that much less time, so a stalled pinger or
 * VM (e.g. stunned by a migration) shows as missed beats, not as slow ones. The beats share one keep-alive
 * connection; a missed one drops it, and the next beat connects afresh. A beat still unanswered at an
 * interval's cut past its deadline is missed in that interval.
 */
final class Heartbeat implements OpenLoopUser.Cycle {

    static final String OPERATION = "heartbeat";

    private final HttpConnection connection;
    private final String vm;
    private final Duration timeout;
    private final IntervalRecorder recorder;

    Heartbeat(HttpConnection connection, String vm, Duration timeout, IntervalRecorder recorder) {
        this.connection = connection;
        this.vm = vm;
        this.timeout = timeout;
        this.recorder = recorder;
    }

    @Override
    public void run(long intendedStartNanos, IntervalRecorder.InFlight unit) throws InterruptedException {
        long deadlineNanos = intendedStartNanos + timeout.toNanos();
        long remainingNanos = deadlineNanos - System.nanoTime();
        if (remainingNanos <= 0) {
            missed(unit);
            return;
        }
        unit.request(OPERATION, vm, deadlineNanos);
        try {
            HttpConnection.Response response = connection.get(StandbyRole.PATH, Duration.ofNanos(remainingNanos));
            long latencyNanos = System.nanoTime() - intendedStartNanos;
            if (response.status() == 200 && latencyNanos <= timeout.toNanos()) {
                if (unit.settle()) {
                    recorder.completed(OPERATION, latencyNanos);
                }
            } else {
                missed(unit);
            }
        } catch (IOException refusedOrTimedOut) {
            missed(unit);
        } finally {
            unit.answered();
        }
    }

    /** A missed beat, unless a cut past its deadline already counted it. */
    private void missed(IntervalRecorder.InFlight unit) {
        if (unit.settle()) {
            recorder.failedUnit(OPERATION, vm);
        }
    }
}
