package org.tilemark.harness.image;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the build takes from the process it runs in, handed in by the entry point: the JDK to jlink
 * the guest's Java from, the class path whose jars become the guest, and the directories to find the
 * build's tools in.
 */
public record BuildHost(Path javaHome, String classPath, String searchPath) {

    boolean hasTool(String tool) {
        return Stream.of(searchPath.split(File.pathSeparator)).filter(dir -> !dir.isEmpty())
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, tool)));
    }

    List<String> classPathEntries() {
        return List.of(classPath.split(File.pathSeparator));
    }
}
