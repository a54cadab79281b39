package org.tilemark.tests.workload.echo;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.HttpConnection;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;
import org.tilemark.workloads.driver.LoadShape;
import org.tilemark.workloads.driver.OpenLoopUser;
import org.tilemark.workloads.driver.ThinkTime;
import org.tilemark.workloads.driver.UserThreads;

/** The echo users of one tile, open loop: an echo counts only if the number sent comes back. */
final class EchoDriver implements WorkloadDriver {

    private final InetSocketAddress endpoint;
    private final String vm;
    private final EchoSpec echo;
    private final long seed;
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private final UserThreads users = UserThreads.platform();
    private final List<HttpConnection> connections = new ArrayList<>();
    private final AtomicLong sequence = new AtomicLong();

    EchoDriver(InetSocketAddress endpoint, String vm, EchoSpec echo, long seed) {
        this.endpoint = endpoint;
        this.vm = vm;
        this.echo = echo;
        this.seed = seed;
    }

    @Override
    public void start(DriverStart start) {
        long originNanos = start.originNanos();
        SplittableRandom seeds = new SplittableRandom(seed);
        for (int user = 0; user < echo.users(); user++) {
            HttpConnection connection = new HttpConnection(endpoint, echo.requestTimeout());
            connections.add(connection);
            users.start("echo-" + vm + "-" + user, new OpenLoopUser(user, originNanos, ThinkTime.uniform(echo.thinkTime()),
                    LoadShape.constant(echo.users()), seeds.split(), recorder, (intended, unit) -> once(connection, intended, unit)), connection::abort);
        }
    }

    /** One echo; a cut that finds it past its timeout fails it there, and it is not counted again when it ends. */
    private void once(HttpConnection connection, long intendedStartNanos, IntervalRecorder.InFlight unit) throws InterruptedException {
        String sent = Long.toString(sequence.incrementAndGet());
        unit.request(EchoWorkload.OPERATION, vm, intendedStartNanos + echo.requestTimeout().toNanos());
        try {
            HttpConnection.Response response = connection.get(EchoRole.PATH + "?seq=" + sent, echo.requestTimeout());
            if (response.status() == 200 && response.body().equals(sent)) {
                if (unit.settle()) {
                    recorder.completed(EchoWorkload.OPERATION, System.nanoTime() - intendedStartNanos);
                }
                return;
            }
        } catch (IOException failed) {
            // counted below
        } finally {
            unit.answered();
        }
        if (unit.settle()) {
            recorder.failedUnit(EchoWorkload.OPERATION, vm);
        }
    }

    @Override
    public IntervalSnapshot snapshot() {
        return recorder.cut();
    }

    @Override
    public void close() {
        users.stopAll(Duration.ofSeconds(5));
        connections.forEach(HttpConnection::close);
    }
}
