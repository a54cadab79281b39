package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.mail.MailSpec;

/**
 * Issue 41, scope item 5: binding refuses every wrong shape and range with one error naming the key. The table of
 * wrong shapes is derived from the spec records, so a key added to a record is covered without a line here.
 */
class ConfigShapesTest {

    private static final List<String> NOT_SCALARS = List.of("[a, b]", "{x: 1}");
    private static final List<String> NOT_SECTIONS = List.of("[a, b]", "scalar");

    @TempDir
    Path dir;

    @Test
    void aListWhereASectionOrAValueBelongsIsOneErrorNamingTheKey() throws IOException {
        assertThat(errorsOf(yaml("run: [a, b]"))).containsExactly("run: expected a mapping, got a list");
        assertThat(errorsOf(yaml("run:\n  profile: [a, b]"))).containsExactly("run.profile: expected a string, got a list");
        assertThat(errorsOf(Map.of("run", "[a, b]"))).containsExactly("run: expected a mapping, got '[a, b]'");
        assertThat(errorsOf(yaml("cluster:\n  local: [a, b]"))).containsExactly("cluster.local: expected a mapping, got a list");
    }

    @Test
    void anOverrideBelowAWrongShapeDoesNotHideIt() throws IOException {
        assertThat(errorsOf(yaml("run: [a, b]"), Map.of("run.results", "elsewhere", "run.tiles", "2")))
                .containsExactly("run: expected a mapping, got a list");
        assertThat(errorsOf(yaml("cluster:\n  local: 3"), Map.of("cluster.local.hosts", "2")))
                .containsExactly("cluster.local: expected a mapping, got '3'");
    }

    @Test
    void integersBeyondTheirTypeAreRefused() throws IOException {
        assertThat(errorsOf(Map.of("run.tiles", "2147483648"))).containsExactly(
                "run.tiles: out of range: must be between -2147483648 and 2147483647 (got '2147483648')");
        assertThat(errorsOf(yaml("run:\n  seed: 9223372036854775808"))).containsExactly(
                "run.seed: out of range: must be between -9223372036854775808 and 9223372036854775807 (got '9223372036854775808')");
        assertThat(errorsOf(Map.of("workloads.dvdstore.mix.nLineItems", "-2147483649"))).containsExactly(
                "workloads.dvdstore.mix.nLineItems: out of range: must be between -2147483648 and 2147483647 (got '-2147483649')");
    }

    @Test
    void numbersBeyondTheIntegerRangeAreRefusedAsReferencesAndWeights() throws Exception {
        String range = ": out of range: must be between -2147483647 and 2147483647 (got '1e20')";
        assertThat(errorsOf(Map.of("infra.vmotion.referenceOpsPerHour", "1e20")))
                .containsExactly("infra.vmotion.referenceOpsPerHour" + range);
        assertThat(errorsOf(yaml("workloads:\n  mail:\n    actionMix: {send: 1e20}")))
                .containsExactly("workloads.mail.actionMix.send" + range);
        assertThat(errorsOf(Map.of("workloads.mail.messageSizes.2KB", "2147483648"))).containsExactly(
                "workloads.mail.messageSizes.2KB: out of range: must be between -2147483647 and 2147483647 (got '2147483648')");
        assertThat(ConfigLoader.load(Optional.empty(), Map.of("infra.vmotion.referenceOpsPerHour", "2147483647"))
                .infra().vmotion().referenceOpsPerHour()).isEqualTo(2147483647.0);
    }

    @Test
    void aNullInAMixOrLimitsIsRefusedWhileAWeightOfZeroIsAllowed() throws Exception {
        assertThat(errorsOf(yaml("workloads:\n  mail:\n    actionMix: {send: ~}"))).containsExactly(
                "workloads.mail.actionMix.send: a weight cannot be removed (~ or null); give a number (0 never draws it)");
        assertThat(errorsOf(yaml("workloads:\n  mail:\n    messageSizes: {2KB: null}"))).containsExactly(
                "workloads.mail.messageSizes.2KB: a weight cannot be removed (~ or null); give a number (0 never draws it)");
        assertThat(ConfigLoader.load(Optional.of(yaml("workloads:\n  mail:\n    actionMix: {send: 0}")), Map.of())
                .workloads().section(MailSpec.class).actionMix()).containsEntry("send", 0.0);
    }

    @Test
    void sharesAndTolerancesAreAtMostOneHundredPercent() throws IOException {
        assertThat(errorsOf(yaml("workloads:\n  olio:\n    cycleTimeTolerancePercent: 150\n    mixTolerancePercent: 150\n"
                + "    mixToleranceFloorPoints: 101"))).containsExactlyInAnyOrder(
                "workloads.olio.cycleTimeTolerancePercent: must be between 0 and 100 (got 150)",
                "workloads.olio.mixTolerancePercent: must be between 0 and 100 (got 150)",
                "workloads.olio.mixToleranceFloorPoints: must be between 0 and 100 (got 101)");
        assertThat(errorsOf(Map.of("workloads.dvdstore.mix.pctNewMember", "150"))).containsExactly(
                "workloads.dvdstore.mix.pctNewMember: must be between 0 and 100 (got 150)");
    }

    @Test
    void everyKeyOfEverySectionRefusesEveryWrongShapeWithOneErrorNamingIt() throws IOException {
        List<KeyPath> keys = keyPaths();
        assertThat(keys).extracting(KeyPath::path).contains("run.profile", "cluster.local.hosts",
                "workloads.mail.actionMix", "workloads.mail.actionMix.logon", "infra.vmotion.referenceOpsPerHour", "serve.port");
        List<String> failures = new ArrayList<>();
        for (KeyPath key : keys) {
            for (String wrong : key.section() ? NOT_SECTIONS : NOT_SCALARS) {
                List<String> errors = errorsOf(yaml(nested(key.path(), wrong)));
                String expected = key.path() + ": expected ";
                if (errors.size() != 1 || !errors.getFirst().startsWith(expected)) {
                    failures.add(key.path() + " = " + wrong + " -> " + errors);
                }
            }
        }
        assertThat(failures).as(failures.size() + " of " + keys.size() + " keys").isEmpty();
    }

    @Test
    void aScalarOverrideWhereASectionBelongsIsOneErrorNamingIt() {
        List<String> failures = new ArrayList<>();
        for (KeyPath key : keyPaths()) {
            if (key.section()) {
                List<String> errors = errorsOf(Map.of(key.path(), "[a, b]"));
                if (!errors.equals(List.of(key.path() + ": expected a mapping, got '[a, b]'"))) {
                    failures.add(key.path() + " -> " + errors);
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    /** A key of the configuration: a section (a record or a map) or a value. */
    record KeyPath(String path, boolean section) {
    }

    /** Every key the records define, with one entry of each map the defaults fill, and every platform's and workload's section. */
    private static List<KeyPath> keyPaths() {
        List<KeyPath> keys = new ArrayList<>();
        walk(BenchmarkSpec.class, "", ConfigWriter.toMap(ConfigLoader.defaults()), keys);
        return keys;
    }

    @SuppressWarnings("unchecked")
    private static void walk(Class<?> record, String path, Map<String, Object> defaults, List<KeyPath> keys) {
        for (RecordComponent component : record.getRecordComponents()) {
            if (component.isAnnotationPresent(PlatformSection.class)) {
                for (PlatformConfig<?> platform : ServiceLoader.load(PlatformConfig.class)) {
                    String sectionPath = join(path, platform.name());
                    keys.add(new KeyPath(sectionPath, true));
                    Object section = defaults.get(platform.name());
                    walk(platform.sectionType(), sectionPath, section instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of(), keys);
                }
                continue;
            }
            if (component.isAnnotationPresent(WorkloadSections.class)) {
                for (WorkloadConfig<?> workload : WorkloadConfigs.installed().all()) {
                    String sectionPath = join(path, workload.name());
                    keys.add(new KeyPath(sectionPath, true));
                    Object section = defaults.get(workload.name());
                    walk(workload.sectionType(), sectionPath, section instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of(), keys);
                }
                continue;
            }
            String childPath = join(path, component.getName());
            Object child = defaults.get(component.getName());
            if (component.getType().isRecord()) {
                keys.add(new KeyPath(childPath, true));
                walk(component.getType(), childPath, child instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of(), keys);
            } else if (component.getType() == Map.class) {
                keys.add(new KeyPath(childPath, true));
                if (child instanceof Map<?, ?> entries && !entries.isEmpty()) {
                    keys.add(new KeyPath(childPath + "." + entries.keySet().iterator().next(), false));
                }
            } else {
                keys.add(new KeyPath(childPath, false));
            }
        }
    }

    private static String join(String parent, String key) {
        return parent.isEmpty() ? key : parent + "." + key;
    }

    /** {@code a.b.c} = value as nested YAML mappings. */
    private static String nested(String path, String value) {
        String[] segments = path.split("\\.");
        StringBuilder yaml = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            yaml.append("  ".repeat(i)).append(segments[i]).append(':');
            yaml.append(i == segments.length - 1 ? " " + value : "").append('\n');
        }
        return yaml.toString();
    }

    private Path yaml(String text) throws IOException {
        Path file = Files.createTempFile(dir, "shape", ".yaml");
        Files.writeString(file, text + "\n");
        return file;
    }

    private static List<String> errorsOf(Path file) {
        return errorsOf(file, Map.of());
    }

    private static List<String> errorsOf(Path file, Map<String, String> overrides) {
        try {
            ConfigLoader.load(Optional.of(file), overrides);
        } catch (ConfigException e) {
            return e.errors();
        }
        return List.of();
    }

    private static List<String> errorsOf(Map<String, String> overrides) {
        try {
            ConfigLoader.load(Optional.empty(), overrides);
        } catch (ConfigException e) {
            return e.errors();
        }
        return List.of();
    }
}
