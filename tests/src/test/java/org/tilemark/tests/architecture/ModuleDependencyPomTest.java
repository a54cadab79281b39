package org.tilemark.tests.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/architecture.md module table, checked on the Maven poms (rule 1a). */
class ModuleDependencyPomTest {

    @Test
    void reactorPomsKeepTheModuleTable() {
        Path root = RepositoryRoot.find();

        List<String> violations = PomModuleGraph.violations(root);

        assertThat(violations).as("pom dependencies that break docs/architecture.md's module table in " + root).isEmpty();
    }

    // The fixtures below prove the check can fail, and that it names module and dependency.

    @Test
    void forbiddenEdgeIsReportedWithModuleAndDependency(@TempDir Path root) throws IOException {
        Map<String, List<String>> edges = allowedReactor();
        edges.put("scoring", List.of("config", "workloads"));
        writeReactor(root, edges);

        assertThat(PomModuleGraph.violations(root))
                .singleElement().asString()
                .contains("module 'scoring' depends on 'workloads'")
                .contains("tilemark-workloads");
    }

    @Test
    void moduleMissingFromTheTableIsReported(@TempDir Path root) throws IOException {
        Map<String, List<String>> edges = allowedReactor();
        edges.put("gadgets", List.of("config"));
        writeReactor(root, edges);

        assertThat(PomModuleGraph.violations(root))
                .singleElement().asString().contains("module 'gadgets' is not in the docs/architecture.md module table");
    }

    @Test
    void configDependingOnAnythingOfTheProjectIsReported(@TempDir Path root) throws IOException {
        Map<String, List<String>> edges = allowedReactor();
        edges.put("config", List.of("templates"));
        writeReactor(root, edges);

        assertThat(PomModuleGraph.violations(root))
                .singleElement().asString().contains("module 'config' depends on 'templates'");
    }

    @Test
    void testsModuleMustUseTestScope(@TempDir Path root) throws IOException {
        writeReactor(root, allowedReactor());
        Path testsPom = root.resolve("tests/pom.xml");
        Files.writeString(testsPom, Files.readString(testsPom).replaceFirst("<scope>test</scope>", ""));

        assertThat(PomModuleGraph.violations(root))
                .singleElement().asString().contains("module 'tests' depends on 'config' with scope compile");
    }

    @Test
    void allowedReactorHasNoViolations(@TempDir Path root) throws IOException {
        writeReactor(root, allowedReactor());

        assertThat(PomModuleGraph.violations(root)).isEmpty();
    }

    /** Exactly the edges the table allows, keyed by module directory. */
    private static Map<String, List<String>> allowedReactor() {
        return Arrays.stream(ProjectModule.values()).collect(Collectors.toMap(
                ProjectModule::directoryName,
                m -> m.allowedDependencies().stream().map(ProjectModule::directoryName).toList(),
                (a, b) -> a, LinkedHashMap::new));
    }

    private static void writeReactor(Path root, Map<String, List<String>> edges) throws IOException {
        String modules = edges.keySet().stream().map(m -> "<module>" + m + "</module>").collect(Collectors.joining());
        Files.writeString(root.resolve("pom.xml"), "<project><groupId>org.tilemark</groupId>"
                + "<artifactId>tilemark-parent</artifactId><modules>" + modules + "</modules>"
                + "<dependencies><dependency><groupId>org.junit.jupiter</groupId>"
                + "<artifactId>junit-jupiter</artifactId><scope>test</scope></dependency></dependencies></project>");
        for (Map.Entry<String, List<String>> module : edges.entrySet()) {
            String scope = module.getKey().equals("tests") ? "<scope>test</scope>" : "";
            String dependencies = module.getValue().stream()
                    .map(d -> "<dependency><groupId>org.tilemark</groupId><artifactId>tilemark-" + d
                            + "</artifactId>" + scope + "</dependency>")
                    .collect(Collectors.joining());
            Path dir = Files.createDirectories(root.resolve(module.getKey()));
            Files.writeString(dir.resolve("pom.xml"), "<project><parent><groupId>org.tilemark</groupId>"
                    + "<artifactId>tilemark-parent</artifactId></parent><artifactId>tilemark-" + module.getKey()
                    + "</artifactId><dependencies>" + dependencies
                    + "<dependency><groupId>com.example</groupId><artifactId>other</artifactId></dependency>"
                    + "</dependencies></project>");
        }
    }
}
