package org.tilemark.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.workloads.dvdstore.DvdStoreSpec;
import org.tilemark.workloads.mail.MailSpec;
import org.tilemark.workloads.olio.OlioSpec;

class TileScaledWorkloadTest {

    @Test
    void everyWorkloadMethodIsOverriddenSoNoneBypassesTheScale() {
        List<String> missing = Arrays.stream(Workload.class.getMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers()))
                .filter(m -> !declares(m))
                .map(Method::getName).toList();
        assertThat(missing).isEmpty();
    }

    @Test
    void targetsAndReferencesFollowTheScaleAndStayEqual() throws ConfigException {
        BenchmarkSpec standard = spec("1");
        BenchmarkSpec tenth = spec("0.1");
        Map<String, Double> standardTargets = targets(standard);
        Map<String, Double> tenthTargets = targets(tenth);

        // 440 x 10 orders/min; 34 x 155.7 x 30 / 480 actions/min; 390 / 5 s
        assertThat(standardTargets).containsEntry("dvdstore", 4400.0).containsEntry("olio", 78.0);
        assertThat(standardTargets.get("mail")).isCloseTo(330.8625, within(1e-9));
        assertThat(tenthTargets.get("dvdstore")).isCloseTo(440, within(1e-9));
        assertThat(tenthTargets.get("mail")).isCloseTo(4 * 155.7 * 30 / 480, within(1e-9)); // 34 x 0.1 = 3.4 users, 4 at least
        assertThat(tenthTargets.get("olio")).isCloseTo(7.8, within(1e-9));
        for (Workload w : Workloads.enabled(tenth)) {
            if (w.scored()) {
                assertThat(w.reference(tenth)).as(w.name()).isCloseTo(w.targetThroughput(tenth), within(1e-9));
            }
        }
    }

    @Test
    void theDriverIsHandedTheScaledSpec() throws ConfigException {
        BenchmarkSpec tenth = spec("0.1");
        BenchmarkSpec[] seen = new BenchmarkSpec[1];
        Workload recording = new TileScaledWorkload(new RecordingWorkload(seen));
        recording.driver(new DriverContext(1, tenth, Map.of(), 7, null));
        assertThat(seen[0].workloads().section(DvdStoreSpec.class).users()).isEqualTo(44);
        assertThat(seen[0].workloads().section(OlioSpec.class).users()).isEqualTo(39);
        assertThat(seen[0].workloads().section(MailSpec.class).users()).isEqualTo(4);
    }

    private static boolean declares(Method m) {
        try {
            TileScaledWorkload.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static Map<String, Double> targets(BenchmarkSpec spec) {
        Map<String, Double> targets = new java.util.TreeMap<>();
        Workloads.enabled(spec).stream().filter(Workload::scored).forEach(w -> targets.put(w.name(), w.targetThroughput(spec)));
        return targets;
    }

    private static BenchmarkSpec spec(String scale) throws ConfigException {
        return ConfigLoader.load(Optional.empty(), Map.of("run.tileScale", scale));
    }

    /** Notes the spec its driver is made with; every other call is unused here. */
    private record RecordingWorkload(BenchmarkSpec[] seen) implements Workload {

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public boolean enabled(BenchmarkSpec spec) {
            return true;
        }

        @Override
        public List<VmRequest> vms(int tile, BenchmarkSpec spec, SecretSource secrets) {
            return List.of();
        }

        @Override
        public WorkloadDriver driver(DriverContext context) {
            seen[0] = context.spec();
            return null;
        }

        @Override
        public String metricUnit() {
            return "ops/s";
        }

        @Override
        public java.time.Duration metricPeriod() {
            return java.time.Duration.ofSeconds(1);
        }

        @Override
        public double targetThroughput(BenchmarkSpec spec) {
            return 0;
        }

        @Override
        public double reference(BenchmarkSpec spec) {
            return 1;
        }

        @Override
        public List<org.tilemark.scoring.QosRule> qosRules(BenchmarkSpec spec) {
            return List.of();
        }
    }
}
