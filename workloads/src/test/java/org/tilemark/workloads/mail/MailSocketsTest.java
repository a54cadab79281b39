package org.tilemark.workloads.mail;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.StartPlan;
import org.tilemark.workloads.driver.IntervalSnapshot;

class MailSocketsTest {

    /** Starts an hour apart: a unit's owner with no further start due while a test runs. */
    private static final long HOUR_NANOS = Duration.ofHours(1).toNanos();

    @Test
    void closeAllEndsAReadBlockedOnAPlatformThreadAndMakesNoMoreSockets() throws Exception {
        MailSockets sockets = new MailSockets();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Throwable> reader = new CompletableFuture<>();
            Thread user = Thread.ofPlatform().start(() -> {
                try (Socket socket = sockets.createSocket(silent.getInetAddress(), silent.getLocalPort())) {
                    socket.getInputStream().read(); // the server never writes
                    reader.complete(null);
                } catch (IOException e) {
                    reader.complete(e);
                }
            });
            try (Socket accepted = silent.accept()) {
                Thread.sleep(200); // let the user block in its read
                user.interrupt(); // what stopping did before: a platform thread's read goes on
                assertThat(reader).isNotDone();

                sockets.closeAll();

                assertThat(reader.get(10, TimeUnit.SECONDS)).isInstanceOf(SocketException.class);
                user.join(Duration.ofSeconds(10));
                assertThat(user.isAlive()).isFalse();
            }
        }
        assertThat(sockets.openCount()).as("closed sockets are forgotten").isZero();
        assertThatThrownBy(sockets::createSocket).isInstanceOf(SocketException.class).hasMessageContaining("stopping");
    }

    @Test
    void aSocketClosedByItsUserIsForgotten() throws Exception {
        MailSockets sockets = new MailSockets();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 3; i++) {
                try (Socket socket = sockets.createSocket(server.getInetAddress(), server.getLocalPort());
                     Socket accepted = server.accept()) {
                    assertThat(sockets.openCount()).isEqualTo(1);
                }
            }
        }
        assertThat(sockets.openCount()).isZero();
    }

    @Test
    void aReadPastItsTimeoutAtACutFailsTheWatchedActionThereAndAnAnsweredReadIsNotJudged() throws Exception {
        MailSockets sockets = new MailSockets();
        AtomicLong ahead = new AtomicLong(); // the cuts' clock runs ahead of the real one by this much
        IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC(), () -> System.nanoTime() + ahead.get());
        int readTimeoutMillis = 20_000;
        long hour = Duration.ofHours(1).toNanos();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            IntervalRecorder.InFlight hung = recorder.started(StartPlan.periodic(System.nanoTime() + hour, HOUR_NANOS));
            CountDownLatch reading = new CountDownLatch(1);
            CompletableFuture<Integer> read = new CompletableFuture<>();
            Thread user = Thread.ofPlatform().start(() -> {
                try (Socket socket = sockets.createSocket(server.getInetAddress(), server.getLocalPort())) {
                    socket.setSoTimeout(readTimeoutMillis);
                    sockets.watch(hung, "read", "tile1-mail");
                    reading.countDown();
                    read.complete(socket.getInputStream().read()); // the server is stopped: nothing comes
                } catch (IOException e) {
                    read.completeExceptionally(e);
                } finally {
                    sockets.unwatch();
                }
            });
            try (Socket accepted = server.accept()) {
                reading.await();
                Thread.sleep(100); // into the read
                assertThat(recorder.cut().measure().errors()).as("within its timeout").isZero();

                ahead.set(Duration.ofMillis(readTimeoutMillis).plusSeconds(1).toNanos());
                IntervalSnapshot atCut = recorder.cut();
                assertThat(atCut.measure().errors()).isEqualTo(1);
                assertThat(atCut.measure().errorsByOperation()).isEqualTo(Map.of("read", 1L));
                assertThat(atCut.measure().errorsByVm()).isEqualTo(Map.of("tile1-mail", 1L));
                assertThat(hung.settle()).as("the action's own outcome comes too late to count").isFalse();

                accepted.getOutputStream().write('*'); // the guest runs again
                assertThat(read.get(10, TimeUnit.SECONDS)).isEqualTo('*');
                user.join(Duration.ofSeconds(10));
            }
        }
        // A read that was answered leaves nothing for a cut to judge, however late the cut.
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             Socket client = sockets.createSocket(server.getInetAddress(), server.getLocalPort());
             Socket accepted = server.accept()) {
            client.setSoTimeout(readTimeoutMillis);
            IntervalRecorder.InFlight answered = recorder.started(StartPlan.periodic(System.nanoTime() + hour, HOUR_NANOS));
            sockets.watch(answered, "send", "tile1-mail");
            accepted.getOutputStream().write('2');
            assertThat(client.getInputStream().read()).isEqualTo('2');
            sockets.unwatch();
            ahead.addAndGet(hour);
            assertThat(recorder.cut().measure().errors()).isZero();
            assertThat(answered.settle()).isTrue();
        }
    }

    /** SMTP's shape: the server greets first (no exchange), then each command and its answer is one, however split. */
    @Test
    void anExchangeIsWhatTheClientSentAndTheAnswerToIt() throws Exception {
        MailSockets sockets = new MailSockets();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             Socket client = sockets.createSocket(server.getInetAddress(), server.getLocalPort());
             Socket accepted = server.accept()) {
            var toServer = client.getOutputStream();
            var fromServer = client.getInputStream();
            accepted.getOutputStream().write("220 hello\r\n".getBytes(US_ASCII));
            fromServer.readNBytes(11);
            assertThat(sockets.exchanges()).as("a greeting answers nothing").isZero();

            for (int command = 1; command <= 3; command++) {
                toServer.write("NOOP".getBytes(US_ASCII));
                toServer.write('\r');
                toServer.write('\n');
                accepted.getInputStream().readNBytes(6);
                accepted.getOutputStream().write("250 ok\r\n".getBytes(US_ASCII));
                fromServer.read();
                fromServer.readNBytes(7);
                assertThat(sockets.exchanges()).isEqualTo(command);
            }
        }
    }
}
