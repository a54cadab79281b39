package org.tilemark.workloads.olio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigLoader;
import org.tilemark.scoring.CycleTimeRule;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.MixRule;
import org.tilemark.scoring.PercentileRule;
import org.tilemark.scoring.QosRule;
import org.tilemark.scoring.ScheduleLagRule;
import org.tilemark.workloads.SecretDigest;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workloads;

class OlioWorkloadTest {

    static BenchmarkSpec spec(Map<String, String> overrides) throws Exception {
        return ConfigLoader.load(Optional.empty(), overrides);
    }

    @Test
    void foundByServiceLoader() {
        assertTrue(Workloads.providers().stream().anyMatch(p -> p.workload() instanceof OlioWorkload));
    }

    @Test
    void databaseFirstThenWebWithTheEndpointAndSecret() throws Exception {
        BenchmarkSpec spec = spec(Map.of());
        List<VmRequest> vms = new OlioWorkload().vms(2, spec, (name, env, file) -> "s3cret-" + name);
        assertEquals(List.of("tile2-olio-db", "tile2-olio-web"), vms.stream().map(VmRequest::name).toList());
        VmRequest db = vms.get(0);
        assertEquals("olio-db", db.role());
        assertEquals("39000", db.templateInfo().get("olio.loadedUsers"));
        assertEquals("1", db.templateInfo().get("olio.schema"));
        assertEquals(SecretDigest.of("s3cret-olio-db-password"), db.templateInfo().get("olio.db.password.digest"));
        assertEquals(Map.of("olio.loadedUsers", "39000", "olio.seed", Long.toString(spec.run().seed()), "olio.db.user", "olio"),
                db.settings());
        assertFalse(db.templateInfo().containsValue("s3cret-olio-db-password"));
        VmRequest web = vms.get(1);
        assertEquals("olio-web", web.role());
        assertEquals("tile2-olio-db", web.settings().get("olio.db.peer"));
        assertEquals(java.util.List.of("tile2-olio-db"), web.peers());
        assertEquals("10", web.settings().get("olio.db.pool"));
        for (VmRequest vm : vms) {
            assertEquals(Map.of(OlioWorkload.PASSWORD_VARIABLE, "s3cret-olio-db-password"), vm.secrets());
        }
    }

    @Test
    void metricAndRules() throws Exception {
        BenchmarkSpec spec = spec(Map.of("workloads.olio.users", "50"));
        OlioWorkload olio = new OlioWorkload();
        assertEquals("ops/s", olio.metricUnit());
        assertEquals(Duration.ofSeconds(1), olio.metricPeriod());
        assertEquals(10.0, olio.targetThroughput(spec), 1e-9);
        assertEquals(78.0, olio.reference(spec), 1e-9);
        assertEquals("HomePage", olio.headlineOperation());
        List<QosRule> rules = olio.qosRules(spec);
        assertEquals(8, rules.stream().filter(PercentileRule.class::isInstance).count());
        assertTrue(rules.contains(new PercentileRule("AddEvent", 90, Duration.ofSeconds(4), true)));
        assertEquals(OlioWorkload.MIX_CONFIDENCE_PERCENT, mix(rules).confidencePercent(), 0);
        MixRule mix = mix(rules);
        assertEquals(OlioMarkovChain.OPERATIONS, List.copyOf(mix.targetPercent().keySet()));
        OlioMarkovChainTest.FABAN_MIX.forEach((op, share) -> assertEquals(share, mix.targetPercent().get(op), 0.2, op));
        assertTrue(rules.contains(new CycleTimeRule("cycle.intended", "cycle.actual", "cycle.stuck", 2)));
        assertTrue(olio.failsUnit("cycle.stuck") && !olio.completesUnit("cycle.stuck"), "stuck gaps are no units");
        assertTrue(rules.stream().anyMatch(FailureRateRule.class::isInstance));
        assertTrue(rules.stream().anyMatch(ScheduleLagRule.class::isInstance));
    }

    private static MixRule mix(List<QosRule> rules) {
        return rules.stream().filter(MixRule.class::isInstance).map(MixRule.class::cast).findFirst().orElseThrow();
    }
}
