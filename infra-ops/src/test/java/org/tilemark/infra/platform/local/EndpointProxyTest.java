package org.tilemark.infra.platform.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EndpointProxyTest {

    private static final int READ_TIMEOUT_MS = 10_000;

    @Test
    void forwardsBytesBothWays() throws Exception {
        try (EchoServer guest = new EchoServer("guest-a"); EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1")) {
            proxy.retarget(guest.address());

            try (Connection c = new Connection(proxy.address())) {
                assertThat(c.readLine()).isEqualTo("guest-a");
                assertThat(c.roundTrip("hello through the proxy")).isEqualTo("hello through the proxy");
                String big = "x".repeat(100_000);
                assertThat(c.roundTrip(big)).isEqualTo(big);
            }
        }
    }

    @Test
    void bindsTheRequestedAddress() throws Exception {
        try (EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1")) {
            assertThat(proxy.address().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
            assertThat(proxy.address().getPort()).isPositive();
        }
    }

    @Test
    void retargetSendsNewConnectionsToTheNewGuestAndKeepsOldOnes() throws Exception {
        try (EchoServer first = new EchoServer("first"); EchoServer second = new EchoServer("second");
             EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1")) {
            proxy.retarget(first.address());
            try (Connection before = new Connection(proxy.address())) {
                assertThat(before.readLine()).isEqualTo("first");

                proxy.retarget(second.address());

                try (Connection after = new Connection(proxy.address())) {
                    assertThat(after.readLine()).isEqualTo("second");
                    assertThat(after.roundTrip("new")).isEqualTo("new");
                }
                // An established connection stays with the guest it was bridged to.
                assertThat(before.roundTrip("old")).isEqualTo("old");
            }
        }
    }

    @Test
    void withoutTargetTheClientSeesAClosedConnection() throws Exception {
        try (EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1"); Connection c = new Connection(proxy.address())) {
            assertThat(c.closedByPeer()).isTrue();
        }
    }

    @Test
    void aDeadTargetClosesTheClientConnection() throws Exception {
        InetSocketAddress dead;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            dead = new InetSocketAddress(gone.getInetAddress(), gone.getLocalPort());
        }
        try (EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1")) {
            proxy.retarget(dead);
            try (Connection c = new Connection(proxy.address())) {
                assertThat(c.closedByPeer()).isTrue();
            }
        }
    }

    @Test
    void closeEndsOpenConnectionsAndFreesThePort() throws Exception {
        try (EchoServer guest = new EchoServer("guest")) {
            EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1");
            proxy.retarget(guest.address());
            InetSocketAddress address = proxy.address();
            try (Connection c = new Connection(address)) {
                assertThat(c.readLine()).isEqualTo("guest");
                assertThat(c.roundTrip("up")).isEqualTo("up");

                proxy.close();

                assertThat(c.closedByPeer()).isTrue();
            }
            assertThat(Ports.refusedSoon(address)).isTrue();
            try (ServerSocket reuse = new ServerSocket(address.getPort(), 1, address.getAddress())) {
                assertThat(reuse.getLocalPort()).isEqualTo(address.getPort());
            }
        }
    }

    /** A client connection with line-oriented helpers and a read timeout, so a broken proxy fails the test instead of hanging it. */
    private static final class Connection implements AutoCloseable {
        private final Socket socket;
        private final BufferedReader in;
        private final OutputStream out;

        Connection(InetSocketAddress address) throws IOException {
            socket = new Socket(address.getAddress(), address.getPort());
            socket.setSoTimeout(READ_TIMEOUT_MS);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = socket.getOutputStream();
        }

        String readLine() throws IOException {
            return in.readLine();
        }

        /** Sends a line and reads one line back (for a fresh connection, that is the greeting). */
        String roundTrip(String line) throws IOException {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return in.readLine();
        }

        boolean closedByPeer() throws IOException {
            try {
                return in.read() < 0;
            } catch (SocketException reset) {
                return true;
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
