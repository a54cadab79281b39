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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MailSocketsTest {

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
