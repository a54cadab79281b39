package org.tilemark.tests.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/** Finds the reactor root: surefire runs in the module directory, the rules look at the whole project. */
final class RepositoryRoot {

    private static final Pattern MODULES_ELEMENT = Pattern.compile("<modules\\s*>");

    private RepositoryRoot() {
    }

    /** Walks up from the working directory to the first directory whose pom.xml declares {@code <modules>}. */
    static Path find() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            Path pom = dir.resolve("pom.xml");
            if (Files.isRegularFile(pom) && declaresModules(pom)) {
                return dir;
            }
        }
        throw new IllegalStateException("no pom.xml with <modules> at or above " + start);
    }

    private static boolean declaresModules(Path pom) {
        try {
            return MODULES_ELEMENT.matcher(Files.readString(pom)).find();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + pom, e);
        }
    }
}
