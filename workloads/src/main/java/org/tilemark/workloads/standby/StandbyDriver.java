package org.tilemark.workloads.standby;

import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.SplittableRandom;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.HttpConnection;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;
import org.tilemark.workloads.driver.LoadShape;
import org.tilemark.workloads.driver.OpenLoopUser;
import org.tilemark.workloads.driver.ThinkTime;
import org.tilemark.workloads.driver.UserThreads;

/** The standby pinger of one tile: one open-loop user that sends a heartbeat every {@code interval}. */
final class StandbyDriver implements WorkloadDriver {

    private final InetSocketAddress endpoint;
    private final String vm;
    private final Duration interval;
    private final Duration timeout;
    private final long seed;
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private HttpConnection connection;
    private final UserThreads pinger = UserThreads.platform();

    StandbyDriver(InetSocketAddress endpoint, String vm, Duration interval, Duration timeout, long seed) {
        this.endpoint = endpoint;
        this.vm = vm;
        this.interval = interval;
        this.timeout = timeout;
        this.seed = seed;
    }

    /** A heartbeat is a metronome, not a user: the same gap every time. */
    static ThinkTime constant(Duration interval) {
        return random -> interval;
    }

    @Override
    public void start(DriverStart start) {
        connection = new HttpConnection(endpoint, timeout);
        long originNanos = start.originNanos();
        Heartbeat heartbeat = new Heartbeat(connection, vm, timeout, recorder);
        pinger.start("standby-" + vm, new OpenLoopUser(0, originNanos, constant(interval), LoadShape.constant(1),
                new SplittableRandom(seed), recorder, heartbeat), connection::abort);
    }

    @Override
    public IntervalSnapshot snapshot() {
        return recorder.cut();
    }

    @Override
    public void close() {
        pinger.stopAll(Duration.ofSeconds(5));
        if (connection != null) {
            connection.close();
        }
    }
}
