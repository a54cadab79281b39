package org.tilemark.harness.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input stops a build before anything is built, with one line naming it and exit 2 (3 for the mirror). */
class ImageBuilderBadInputTest {

    private final ImageBuilder builder = new ImageBuilder(new PrintStream(new ByteArrayOutputStream()),
            new BuildHost(Path.of(System.getProperty("java.home")), System.getProperty("java.class.path"), System.getenv("PATH")));

    @Test
    void unknownFormatIsBadInputNamingTheKnownOnes(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        assertThatThrownBy(() -> builder.build(new ImageBuilder.Request("iso", out, null, tmp.resolve("cache"))))
                .isInstanceOfSatisfying(ImageBuildException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(2);
                    assertThat(e.getMessage()).contains("--format 'iso'", "qcow2", "ova").doesNotContain("\n");
                });
        assertThat(out).doesNotExist();
    }

    @Test
    void outputDirectoryThatCannotBeCreatedIsBadInput(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertThatThrownBy(() -> builder.build(new ImageBuilder.Request("qcow2", file.resolve("out"), "http://127.0.0.1:9/debian",
                tmp.resolve("cache"))))
                .isInstanceOfSatisfying(ImageBuildException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(2);
                    assertThat(e.getMessage()).contains("-o '" + file.resolve("out") + "'");
                });
    }

    @Test
    void malformedMirrorIsBadInput(@TempDir Path tmp) {
        assertThatThrownBy(() -> builder.build(new ImageBuilder.Request("qcow2", tmp.resolve("out"), "ftp//nowhere", tmp.resolve("cache"))))
                .isInstanceOfSatisfying(ImageBuildException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(2);
                    assertThat(e.getMessage()).contains("--mirror 'ftp//nowhere'");
                });
    }

    @Test
    void unreachableMirrorFailsWithExit3AndLeavesNothingBehind(@TempDir Path tmp) throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        DebianMirror mirror = DebianMirror.of("http://127.0.0.1:" + closedPort + "/debian");
        assertThatThrownBy(() -> mirror.checkReachable("bookworm"))
                .isInstanceOfSatisfying(ImageBuildException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(3);
                    assertThat(e.getMessage()).contains("Debian mirror http://127.0.0.1:" + closedPort + "/debian unreachable");
                });
        Path out = tmp.resolve("out");
        assertThatThrownBy(() -> builder.build(new ImageBuilder.Request("qcow2", out, "http://127.0.0.1:" + closedPort + "/debian",
                tmp.resolve("cache")))).isInstanceOf(ImageBuildException.class);
        try (Stream<Path> left = Files.list(out)) {
            assertThat(left).as("nothing left in the output directory").isEmpty();
        }
    }
}
