package org.tilemark.tests.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The production Java sources of the reactor: {@code <module>/src/main/java/**}{@code /*.java}. */
final class ProductionSources {

    private ProductionSources() {
    }

    /** A source file and how many lines it has. */
    record SourceFile(Path path, int lineCount) {
    }

    /** Every production source longer than {@code maxLines}, named relative to {@code root}, longest first. */
    static List<String> filesLongerThan(Path root, int maxLines) {
        return javaFiles(root).stream()
                .map(path -> new SourceFile(root.relativize(path), lineCount(path)))
                .filter(file -> file.lineCount() > maxLines)
                .sorted(Comparator.comparingInt(SourceFile::lineCount).reversed())
                .map(file -> file.path() + " (" + file.lineCount() + " lines)")
                .toList();
    }

    static List<Path> javaFiles(Path root) {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path sources : modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> walk = Files.walk(sources)) {
                    walk.filter(p -> p.toString().endsWith(".java") && Files.isRegularFile(p)).forEach(files::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list sources under " + root, e);
        }
        return files;
    }

    private static int lineCount(Path file) {
        try (Stream<String> lines = Files.lines(file)) {
            return Math.toIntExact(lines.count());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
