package org.tilemark.workloads.standby;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.driver.HttpConnection;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.StartPlan;
import org.tilemark.workloads.driver.IntervalSnapshot;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.RunningGuest;

class StandbyDriverTest {

    /** Starts an hour apart: a unit's owner with no further start due while a test runs. */
    private static final long HOUR_NANOS = Duration.ofHours(1).toNanos();

    private static final String VM = "tile1-standby";

    @TempDir
    Path disk;

    private RunningGuest startRole() throws Exception {
        return new StandbyRole().start(new GuestContext(disk, Map.of(), Map.of()));
    }

    private static IntervalSnapshot pingFor(int port, Duration interval, Duration timeout, Duration howLong)
            throws InterruptedException {
        try (StandbyDriver driver = new StandbyDriver(new InetSocketAddress("127.0.0.1", port), VM, interval, timeout, 7)) {
            driver.start(DriverStart.of(Instant.now()));
            Thread.sleep(howLong);
            driver.close();
            return driver.snapshot();
        }
    }

    @Test
    void aRunningStandbyAnswersEveryBeat() throws Exception {
        RunningGuest guest = startRole();
        IntervalSnapshot snapshot;
        try {
            snapshot = pingFor(guest.port(), Duration.ofMillis(200), Duration.ofSeconds(1), Duration.ofSeconds(3));
        } finally {
            guest.close();
        }

        assertThat(snapshot.measure().completed()).isPositive();
        assertThat(snapshot.measure().attempts()).isEqualTo(snapshot.measure().completed());
        assertThat(snapshot.measure().errors()).isZero();
        assertThat(snapshot.measure().errorsByVm()).isEmpty();
        assertThat(snapshot.measure().latencyNanos().get(Heartbeat.OPERATION).getTotalCount()).isEqualTo(snapshot.measure().completed());
    }

    @Test
    void aStoppedStandbyMissesBeatsAttributedToItsVm() throws Exception {
        RunningGuest guest = startRole();
        int port = guest.port();
        guest.close();

        IntervalSnapshot snapshot = pingFor(port, Duration.ofMillis(200), Duration.ofSeconds(1), Duration.ofSeconds(2));

        assertThat(snapshot.measure().errors()).isPositive().isEqualTo(snapshot.measure().attempts());
        assertThat(snapshot.measure().completed()).isZero();
        assertThat(snapshot.measure().errorsByVm()).isEqualTo(Map.of(VM, snapshot.measure().errors()));
        assertThat(snapshot.measure().errorsByOperation()).isEqualTo(Map.of(Heartbeat.OPERATION, snapshot.measure().errors()));
    }

    @Test
    void aBeatThatStartsAfterItsTimeoutIsMissedWithoutAsking() throws Exception {
        RunningGuest guest = startRole();
        IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
        HttpClient client = HttpClient.newHttpClient();
        URI uri = URI.create("http://127.0.0.1:" + guest.port() + StandbyRole.PATH);
        try {
            Heartbeat heartbeat = new Heartbeat(new HttpConnection(new InetSocketAddress("127.0.0.1", guest.port()),
                    Duration.ofSeconds(1)), VM, Duration.ofSeconds(1), recorder);

            heartbeat.run(System.nanoTime() - Duration.ofSeconds(2).toNanos(), recorder.started(StartPlan.periodic(System.nanoTime(), HOUR_NANOS)));

            IntervalSnapshot snapshot = recorder.cut();
            assertThat(snapshot.measure().errorsByVm()).isEqualTo(Map.of(VM, 1L));
            assertThat(snapshot.measure().completed()).isZero();
            // The role counts the beats it answered: none was sent.
            String body = client.send(java.net.http.HttpRequest.newBuilder(uri).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString()).body();
            assertThat(body).isEqualTo("beat 1\n");
        } finally {
            client.shutdownNow();
            guest.close();
        }
    }

    @Test
    void anAnswerLaterThanTheTimeoutIsAMissedBeat() throws Exception {
        HttpServer slow = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        slow.createContext(StandbyRole.PATH, exchange -> {
            try (exchange) {
                Thread.sleep(1_000);
                exchange.sendResponseHeaders(200, -1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        slow.start();
        IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
        try (HttpConnection connection = new HttpConnection(slow.getAddress(), Duration.ofSeconds(1))) {
            Heartbeat heartbeat = new Heartbeat(connection, VM, Duration.ofMillis(100), recorder);

            heartbeat.run(System.nanoTime(), recorder.started(StartPlan.periodic(System.nanoTime() + HOUR_NANOS, HOUR_NANOS)));

            IntervalSnapshot snapshot = recorder.cut();
            assertThat(snapshot.measure().errors()).isEqualTo(1);
            assertThat(snapshot.measure().errorsByVm()).isEqualTo(Map.of(VM, 1L));
            assertThat(snapshot.measure().latencyNanos()).isEmpty();
        } finally {
            slow.stop(0);
        }
    }

    @Test
    void aBeatUnansweredPastItsDeadlineAtACutIsMissedThereAndItsLateAnswerCountsNothingMore() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        HttpServer stopped = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stopped.createContext(StandbyRole.PATH, exchange -> {
            try (exchange) {
                asked.countDown();
                release.await(); // the guest is stopped (SIGSTOP) until the test lets it go
                exchange.sendResponseHeaders(200, -1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stopped.start();
        AtomicLong ahead = new AtomicLong(); // the cuts' clock runs ahead of the real one by this much
        IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC(), () -> System.nanoTime() + ahead.get());
        Duration timeout = Duration.ofSeconds(20);
        try (HttpConnection connection = new HttpConnection(stopped.getAddress(), timeout)) {
            Heartbeat heartbeat = new Heartbeat(connection, VM, timeout, recorder);
            IntervalRecorder.InFlight beat = recorder.started(StartPlan.periodic(System.nanoTime() + HOUR_NANOS, HOUR_NANOS));
            Thread pinger = Thread.ofPlatform().start(() -> {
                try {
                    heartbeat.run(System.nanoTime(), beat);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            try {
                asked.await();
                assertThat(recorder.cut().measure().errors()).as("within its deadline").isZero();
                ahead.set(timeout.plusSeconds(1).toNanos());
                IntervalSnapshot atCut = recorder.cut();
                assertThat(atCut.measure().errors()).isEqualTo(1);
                assertThat(atCut.measure().errorsByVm()).isEqualTo(Map.of(VM, 1L));
                assertThat(atCut.measure().errorsByOperation()).isEqualTo(Map.of(Heartbeat.OPERATION, 1L));
            } finally {
                release.countDown(); // answered within the connection's (real) timeout after all
            }
            pinger.join(Duration.ofSeconds(10));
            assertThat(pinger.isAlive()).isFalse();
            IntervalSnapshot after = recorder.cut();
            assertThat(after.measure().errors()).isZero();
            assertThat(after.measure().completed()).as("counted missed at the cut, once").isZero();
        } finally {
            stopped.stop(0);
        }
    }

    @Test
    void theThinkTimeIsConstant() {
        SplittableRandom random = new SplittableRandom(1);
        var thinkTime = StandbyDriver.constant(Duration.ofMillis(750));

        for (int i = 0; i < 5; i++) {
            assertThat(thinkTime.next(random)).isEqualTo(Duration.ofMillis(750));
        }
    }
}
