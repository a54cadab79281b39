package org.tilemark.workloads.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerReaderTest {

    private static final long NO_DEADLINE = System.nanoTime() + 3_600_000_000_000L;
    private final List<String> heard = new ArrayList<>();
    private final AnswerReader reader = new AnswerReader(new InetSocketAddress("127.0.0.1", 8080));

    @Test
    void answersArrivingAByteAtATimeAreReadWholeWithTheirHeadersAndFraming() throws IOException {
        String answers = "HTTP/1.1 200 OK\r\ncontent-LENGTH:  5 \r\nSet-Cookie: a=b\r\n\r\nhello"
                + "HTTP/1.1 404 Not Found\r\nTransfer-Encoding: Chunked\r\nLocation:/x\r\n\r\n"
                + "3;ext=1\r\nabc\r\n0A\r\n0123456789\r\n0\r\nTrailer: t\r\n\r\n"
                + "HTTP/1.0 204 No Content\r\n\r\n";
        reader.attach(trickle(answers));

        HttpConnection.Response first = reader.read(NO_DEADLINE, true, this::hear);
        assertThat(first).isEqualTo(new HttpConnection.Response(200, "hello"));
        assertThat(reader.closeAfter()).isFalse();
        HttpConnection.Response second = reader.read(NO_DEADLINE, true, this::hear);
        assertThat(second).isEqualTo(new HttpConnection.Response(404, "abc0123456789"));
        assertThat(reader.read(NO_DEADLINE, true, this::hear).status()).isEqualTo(204);
        assertThat(reader.closeAfter()).as("HTTP/1.0").isTrue();
        assertThat(heard).containsExactly("Set-Cookie=a=b", "Location=/x");
    }

    @Test
    void aListenerThatNamesItsHeadersHearsOnlyThose() throws IOException {
        reader.attach(trickle("HTTP/1.1 200 OK\r\nDate: today\r\nSET-COOKIE: a=b\r\nContent-Length: 0\r\n"
                + "Cache-Control: max-age=60\r\nVary: Accept\r\n\r\n"));
        HttpConnection.HeaderListener cookiesAndCaching = new HttpConnection.HeaderListener() {
            @Override
            public void header(String name, String value) {
                hear(name, value);
            }

            @Override
            public List<String> names() {
                return List.of("Set-Cookie", "cache-control");
            }
        };

        assertThat(reader.read(NO_DEADLINE, true, cookiesAndCaching).status()).isEqualTo(200);
        assertThat(heard).containsExactly("SET-COOKIE=a=b", "Cache-Control=max-age=60");
    }

    @Test
    void aHeaderLineLongerThanTheBufferIsReadWhole() throws IOException {
        String cookie = "c".repeat(40_000);
        reader.attach(Channels.newChannel(new ByteArrayInputStream(("HTTP/1.1 200 OK\r\nSet-Cookie: " + cookie + "\r\nContent-Length: 2\r\n"
                + "Connection: close\r\n\r\nok").getBytes(StandardCharsets.ISO_8859_1))));

        assertThat(reader.read(NO_DEADLINE, true, this::hear).body()).isEqualTo("ok");
        assertThat(heard).containsExactly("Set-Cookie=" + cookie);
        assertThat(reader.closeAfter()).isTrue();
    }

    @Test
    void aBodyWithoutLengthRunsToTheEndAndEndsTheConnection() throws IOException {
        reader.attach(trickle("HTTP/1.1 200 OK\r\n\r\nall of it"));

        assertThat(reader.read(NO_DEADLINE, true, this::hear).body()).isEqualTo("all of it");
        assertThat(reader.closeAfter()).isTrue();
    }

    @Test
    void anEmptyStreamIsAStaleConnectionButAnAnswerCutShortIsNot() {
        reader.attach(Channels.newChannel(new ByteArrayInputStream(new byte[0])));
        assertThatThrownBy(() -> reader.read(NO_DEADLINE, true, this::hear)).isInstanceOf(AnswerReader.StaleConnection.class);

        reader.attach(trickle("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort"));
        assertThatThrownBy(() -> reader.read(NO_DEADLINE, true, this::hear))
                .isNotInstanceOf(AnswerReader.StaleConnection.class).hasMessageContaining("in the middle of a body");
    }

    @Test
    void aMalformedHeadNamesWhatCame() {
        reader.attach(trickle("SMTP ready\r\n\r\n"));
        assertThatThrownBy(() -> reader.read(NO_DEADLINE, true, this::hear)).hasMessageContaining("not an HTTP/1.x status line")
                .hasMessageContaining("SMTP ready");

        reader.attach(trickle("HTTP/1.1 200 OK\r\nContent-Length: lots\r\n\r\n"));
        assertThatThrownBy(() -> reader.read(NO_DEADLINE, true, this::hear)).hasMessageContaining("Content-Length")
                .hasMessageContaining("lots");
    }

    private void hear(String name, String value) {
        heard.add(name + "=" + value);
    }

    /** A channel that hands out one byte per read, as a slow network might. */
    private static ReadableByteChannel trickle(String text) {
        return Channels.newChannel(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        });
    }
}
