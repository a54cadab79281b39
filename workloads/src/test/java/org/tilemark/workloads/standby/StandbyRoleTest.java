package org.tilemark.workloads.standby;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;

class StandbyRoleTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path disk;

    private HttpResponse<String> send(int port, String method, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody()).timeout(Duration.ofSeconds(10)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answersHeartbeatsWithACounterAndStopsOnClose() throws Exception {
        RunningGuest guest = new StandbyRole().start(new GuestContext(disk, Map.of(), Map.of()));
        int port = guest.port();
        try {
            HttpResponse<String> first = send(port, "GET", "/heartbeat");
            HttpResponse<String> second = send(port, "GET", "/heartbeat");

            assertThat(first.statusCode()).isEqualTo(200);
            assertThat(first.body()).isEqualTo("beat 1\n");
            assertThat(second.body()).isEqualTo("beat 2\n");
            assertThat(guest.ports()).isEqualTo(Map.of("main", port));
        } finally {
            guest.close();
        }
        assertThatThrownBy(() -> send(port, "GET", "/heartbeat")).isInstanceOf(IOException.class);
    }

    @Test
    void refusesOtherMethodsAndPathsWithoutCountingABeat() throws Exception {
        RunningGuest guest = new StandbyRole().start(new GuestContext(disk, Map.of(), Map.of()));
        try {
            assertThat(send(guest.port(), "POST", "/heartbeat").statusCode()).isEqualTo(405);
            assertThat(send(guest.port(), "GET", "/heartbeat/extra").statusCode()).isEqualTo(404);
            assertThat(send(guest.port(), "GET", "/heartbeat").body()).isEqualTo("beat 1\n");
        } finally {
            guest.close();
        }
    }

    @Test
    void theGuestExecutableFindsTheRole() {
        assertThat(ServiceLoader.load(GuestRole.class).stream().map(p -> p.get().name())).contains("standby");
    }
}
