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
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.tilemark.infra.platform.local.EndpointProxy.Handoff;

class EndpointProxyTest {

    private static final int READ_TIMEOUT_MS = 10_000;
    /** Generous: the machine is shared, and only a broken proxy takes this long. */
    private static final Duration DRAIN_LIMIT = Duration.ofSeconds(30);

    @Test
    void forwardsBytesBothWays() throws Exception {
        try (EchoServer guest = new EchoServer("guest-a"); EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1", Handoff.STAY_WITH_GUEST)) {
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
        try (EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1", Handoff.STAY_WITH_GUEST)) {
            assertThat(proxy.address().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
            assertThat(proxy.address().getPort()).isPositive();
        }
    }

    @Test
    void retargetSendsNewConnectionsToTheNewGuestAndKeepsOldOnes() throws Exception {
        try (EchoServer first = new EchoServer("first"); EchoServer second = new EchoServer("second");
             EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1", Handoff.STAY_WITH_GUEST)) {
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
        try (EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1", Handoff.STAY_WITH_GUEST); Connection c = new Connection(proxy.address())) {
            assertThat(c.closedByPeer()).isTrue();
        }
    }

    @Test
    void aDeadTargetClosesTheClientConnection() throws Exception {
        InetSocketAddress dead;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            dead = new InetSocketAddress(gone.getInetAddress(), gone.getLocalPort());
        }
        try (EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1", Handoff.STAY_WITH_GUEST)) {
            proxy.retarget(dead);
            try (Connection c = new Connection(proxy.address())) {
                assertThat(c.closedByPeer()).isTrue();
            }
        }
    }

    @Test
    void closeEndsOpenConnectionsAndFreesThePort() throws Exception {
        try (EchoServer guest = new EchoServer("guest")) {
            EndpointProxy proxy = new EndpointProxy("127.0.0.1", "vm1", Handoff.STAY_WITH_GUEST);
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

    @Test
    void aMovingConnectionFollowsTheGuestBetweenRequests() throws Exception {
        try (TwoGuests guests = new TwoGuests(Handoff.MOVE_BETWEEN_REQUESTS)) {
            assertThat(guests.client.roundTrip("one")).isEqualTo("first: one");

            guests.move();
            assertThat(guests.proxy.awaitDrained(DRAIN_LIMIT)).isTrue();
            // The original guest stops, closing its idle keep-alive connection.
            guests.first.close();

            // The same client connection, unbroken, now reaches the new guest.
            assertThat(guests.client.roundTrip("two")).isEqualTo("second: two");
            assertThat(guests.client.roundTrip("three")).isEqualTo("second: three");
        }
    }

    @Test
    void aRequestInFlightAtTheMoveIsAnsweredByTheOldGuestAndTheDrainWaitsForIt() throws Exception {
        try (TwoGuests guests = new TwoGuests(Handoff.MOVE_BETWEEN_REQUESTS)) {
            guests.sendRequestTheFirstHolds();

            guests.move();
            // The request is held until answered below: no wait, however long, may see it drained.
            assertThat(guests.proxy.awaitDrained(Duration.ofMillis(200))).as("drained with a request in flight").isFalse();

            guests.first.answerHeldRequest();
            assertThat(guests.client.readLine()).isEqualTo("first: " + LineServer.HELD);
            assertThat(guests.proxy.awaitDrained(DRAIN_LIMIT)).isTrue();

            // The next request moves, while the old guest still runs.
            assertThat(guests.client.roundTrip("next")).isEqualTo("second: next");
        }
    }

    @Test
    void aMovingConnectionWhoseGuestDiesMidRequestCloses() throws Exception {
        try (TwoGuests guests = new TwoGuests(Handoff.MOVE_BETWEEN_REQUESTS)) {
            guests.sendRequestTheFirstHolds();
            guests.move();

            guests.first.close();

            // A request lost with its guest is a real error: the client must see it.
            assertThat(guests.client.closedByPeer()).isTrue();
        }
    }

    @Test
    void aMovingConnectionClosesWhenTheGuestItStillReachesClosesIt() throws Exception {
        try (TwoGuests guests = new TwoGuests(Handoff.MOVE_BETWEEN_REQUESTS)) {
            assertThat(guests.client.roundTrip("one")).isEqualTo("first: one");

            guests.first.close();

            // No move: the guest's own close (an idle timeout, a crash) reaches the client.
            assertThat(guests.client.closedByPeer()).isTrue();
        }
    }

    @Test
    void aConnectionThatStaysWithItsGuestClosesWithIt() throws Exception {
        try (TwoGuests guests = new TwoGuests(Handoff.STAY_WITH_GUEST)) {
            assertThat(guests.client.roundTrip("one")).isEqualTo("first: one");
            guests.move();

            guests.first.close();

            // A session protocol cannot change server mid-way: the connection ends with its guest.
            assertThat(guests.client.closedByPeer()).isTrue();
        }
    }

    /** Two request/response guests, an endpoint pointing at the first, and a client connected through it. */
    private static final class TwoGuests implements AutoCloseable {
        final LineServer first;
        final LineServer second;
        final EndpointProxy proxy;
        final Connection client;

        TwoGuests(Handoff handoff) throws IOException {
            first = new LineServer("first");
            second = new LineServer("second");
            proxy = new EndpointProxy("127.0.0.1", "web", handoff);
            proxy.retarget(first.address());
            client = new Connection(proxy.address());
        }

        void move() {
            proxy.retarget(second.address());
        }

        void sendRequestTheFirstHolds() throws Exception {
            client.send(LineServer.HELD);
            assertThat(first.awaitHeldRequest()).as("the held request reached the first guest").isTrue();
        }

        @Override
        public void close() throws IOException {
            client.close();
            proxy.close();
            second.close();
            first.close();
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

        void send(String line) throws IOException {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        /** Sends a line and reads one line back (for a fresh connection, that is the greeting). */
        String roundTrip(String line) throws IOException {
            send(line);
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
