package org.tilemark.harness.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DebianMirrorTest {

    @Test
    void theMachinesOwnMirrorIsFoundInDeb822AndOneLineSourcesSkippingCommentsAndSecurity(@TempDir Path apt) throws Exception {
        Files.createDirectories(apt.resolve("sources.list.d"));
        Files.writeString(apt.resolve("sources.list.d/debian.sources"), String.join("\n",
                "Types: deb",
                "# http://snapshot.debian.org/archive/debian/20250520T000000Z",
                "URIs: http://mirror.lab.example/debian",
                "Suites: bookworm", ""));
        Files.writeString(apt.resolve("sources.list"), "deb http://security.example/debian-security bookworm-security main\n");
        assertThat(DebianMirror.configured(apt)).contains(URI.create("http://mirror.lab.example/debian"));

        Files.delete(apt.resolve("sources.list.d/debian.sources"));
        Files.writeString(apt.resolve("sources.list"), "deb [arch=amd64] https://other.example/debian bookworm main\n");
        assertThat(DebianMirror.configured(apt)).contains(URI.create("https://other.example/debian"));
    }

    @Test
    void noSourcesMeansNoConfiguredMirror(@TempDir Path apt) {
        assertThat(DebianMirror.configured(apt)).isEmpty();
    }
}
