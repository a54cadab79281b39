package org.tilemark.harness.report;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Copies the test bundle out of the classpath so a test may modify its own copy. */
final class BundleFixture {
    static final String NONCOMPLIANT = "report/noncompliant-bundle";
    /** One tile of dvdstore, mail and the unscored standby server, whose missed beats fail phase 2. */
    static final String FULL_TILE = "report/full-tile-bundle";

    private BundleFixture() {
    }

    static Path copy(String resource, Path into) throws IOException {
        Path source;
        try {
            source = Path.of(BundleFixture.class.getClassLoader().getResource(resource).toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        Path bundle = into.resolve("bundle");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(source)) {
            files = walk.toList();
        }
        for (Path file : files) {
            Path target = bundle.resolve(source.relativize(file).toString());
            if (Files.isDirectory(file)) {
                Files.createDirectories(target);
            } else {
                Files.copy(file, target);
            }
        }
        return bundle;
    }
}
