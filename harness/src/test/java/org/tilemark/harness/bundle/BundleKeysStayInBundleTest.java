package org.tilemark.harness.bundle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No main source outside {@code harness.bundle} spells a bundle file's key: the keys are the fields of the bundle's
 * records (found by reflection, so a new field is covered), and a source spells one when it reads or writes a
 * JSON tree by it ({@code .path("phase")}, {@code .put("verdict", …)}, {@code @JsonProperty("p95Ms")}, {@code at("/tiles")})
 * or names a key no English word shares ({@code "p95Ms"}, {@code "errorsByVm"}) anywhere.
 */
class BundleKeysStayInBundleTest {

    private static final Path MAIN = Path.of("src/main/java/org/tilemark/harness");
    private static final Path BUNDLE = MAIN.resolve("bundle");
    private static final List<Class<?>> FILE_RECORDS = List.of(RunFile.class, ScoreFile.class, IntervalLine.class,
            InfraOpLine.class, Measured.class, CompareFile.class, SearchFile.class, StorageFile.class);
    private static final Pattern TREE_ACCESS = Pattern.compile(
            "(?:\\.(?:path|has|put|putNull|putObject|putArray|putPOJO|set|replace|remove|with|withArray|findValue|findPath|required)"
                    + "\\(|@JsonProperty\\()\\s*\"(\\w+)\"|\\.at\\(\"/(\\w+)");
    private static final Pattern LITERAL = Pattern.compile("(?<!getProperty\\()\"(\\w+)\"");
    /** Trees that are not a bundle file's, by source and key: the web API's request body, the I/O guest's error answer. */
    private static final Set<String> NOT_BUNDLE_TREES = Set.of("serve/ApiController.java config", "storage/IoVmControl.java error");

    @Test
    void theKeysAreFoundAndASpelledKeyIsCaught() {
        Set<String> keys = keys();
        assertThat(keys).contains("phase", "completed", "p95Ms", "verdict", "tiles", "errorsByVm", "maxTiles", "samplesA");

        assertThat(offences("x.java", "int p = node.path(\"phase\").asInt(); root.put(\"verdict\", v);", keys))
                .containsExactly("x.java: phase", "x.java: verdict");
        assertThat(offences("x.java", "double p = line.get(\"p95Ms\"); String w = n == 1 ? \"tile\" : \"tiles\";", keys))
                .containsExactly("x.java: p95Ms");
    }

    @Test
    void noMainSourceOutsideTheBundlePackageSpellsABundleKey() throws IOException {
        Set<String> keys = keys();
        List<String> found = new ArrayList<>();
        try (Stream<Path> sources = Files.walk(MAIN)) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java") && !p.startsWith(BUNDLE)).toList()) {
                found.addAll(offences(MAIN.relativize(source).toString(), Files.readString(source), keys));
            }
        }
        assertThat(found).as("bundle keys spelled outside harness.bundle (read them through its records)").isEmpty();
    }

    private static List<String> offences(String source, String text, Set<String> keys) {
        List<String> found = new ArrayList<>();
        Matcher access = TREE_ACCESS.matcher(text);
        while (access.find()) {
            String key = access.group(1) != null ? access.group(1) : access.group(2);
            if (keys.contains(key) && !NOT_BUNDLE_TREES.contains(source + " " + key)) {
                found.add(source + ": " + key);
            }
        }
        Matcher literal = LITERAL.matcher(text);
        while (literal.find()) {
            String key = literal.group(1);
            if (keys.contains(key) && !key.equals(key.toLowerCase(java.util.Locale.ROOT)) && !found.contains(source + ": " + key)) {
                found.add(source + ": " + key);
            }
        }
        return found;
    }

    private static Set<String> keys() {
        Set<String> keys = new TreeSet<>();
        FILE_RECORDS.forEach(type -> collect(type, keys));
        return keys;
    }

    private static void collect(Class<?> type, Set<String> keys) {
        if (type.isRecord()) {
            for (RecordComponent component : type.getRecordComponents()) {
                JsonProperty named = component.getAnnotation(JsonProperty.class);
                keys.add(named != null && !named.value().isEmpty() ? named.value() : component.getName());
            }
        }
        for (Class<?> nested : type.getDeclaredClasses()) {
            collect(nested, keys);
        }
    }
}
