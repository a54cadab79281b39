package org.tilemark.workloads.olio;

import static org.assertj.core.api.Assertions.assertThat;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import groovy.lang.Script;
import java.util.HashMap;
import java.util.Map;
import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.protocol.http.control.CacheManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The plan's schedule script, run as JMeter runs it: Faban's per-operation choices and cycle minimum. */
class OlioScheduleScriptTest {

    private static final int TAGS = 40;
    private static final int LOADED_USERS = 60;
    private static final int CYCLES = 40_000;

    /**
     * JMeter's properties before any sampler class: HTTPSamplerBase reads its embedded-resource parsers from them
     * once, when first used, so a sampler made here first would leave every later run in this JVM parsing no page's
     * resources (seen when this class ran before OlioDriverTest: 0 CSS fetches).
     */
    @BeforeAll
    static void jmeterEnvironment() {
        OlioJmeterRun.prepareEnvironment();
    }

    @Test
    void aLogoutEmptiesTheBrowserCacheAsFabanStartsTheNextSession() {
        JMeterVariables vars = new JMeterVariables();
        vars.put("olio_logged_in", "true");
        int[] clears = new int[1];
        CacheManager cache = new CacheManager() {
            @Override
            public void testIterationStart(LoopIterationEvent event) {
                clears[0] += getClearEachIteration() ? 1 : 0;
                super.testIterationStart(event);
            }
        };
        cache.setUseExpires(true);
        HTTPSamplerProxy sampler = new HTTPSamplerProxy();
        sampler.setCacheManager(cache);
        Binding binding = new Binding();
        binding.setVariable("vars", vars);
        binding.setVariable("sampler", sampler);
        Script afterRequest = new GroovyShell(binding).parse(OlioScripts.afterRequest());

        binding.setVariable("prev", result("HomePage"));
        afterRequest.run();
        assertThat(clears[0]).isZero();
        binding.setVariable("prev", result("Logout"));
        afterRequest.run();
        assertThat(clears[0]).isOne();
        // Only the cached entries go: the manager keeps its settings.
        assertThat(cache.getClearEachIteration()).isFalse();
        assertThat(cache.getUseExpires()).isTrue();
        assertThat(vars.get("olio_logged_in")).isEqualTo("false");
    }

    private static SampleResult result(String label) {
        SampleResult result = new SampleResult();
        result.setSampleLabel(label);
        result.setSuccessful(true);
        result.setResponseData("<html></html>", "UTF-8");
        return result;
    }

    @Test
    void tagsAndPeopleAreUniformOverAllAndAddEventNeverStartsWithinThreeSeconds() {
        JMeterVariables vars = new JMeterVariables();
        vars.put("olio_cycle_ms", "5000");
        vars.put("olio_max_cycle_factor", "5");
        vars.put("olio_loaded_users", Integer.toString(LOADED_USERS));
        vars.put("olio_tags", Integer.toString(TAGS));
        vars.put("olio_attend_percent", "10");
        vars.put("olio_logged_in", "false");
        vars.put("olio_next_intended_ns", "0");
        Binding binding = new Binding();
        binding.setVariable("vars", vars);
        binding.setVariable("ctx", JMeterContextService.getContext());
        Script schedule = new GroovyShell(binding).parse(OlioScripts.schedule());

        Map<String, Integer> tags = new HashMap<>();
        Map<String, Integer> people = new HashMap<>();
        long addEvents = 0;
        long shortestAddEventGap = Long.MAX_VALUE;
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            schedule.run();
            tags.merge(vars.get("olio_tag"), 1, Integer::sum);
            people.merge(vars.get("olio_person_id"), 1, Integer::sum);
            if (cycle > 0 && vars.get("olio_op").equals("AddEvent")) {
                addEvents++;
                shortestAddEventGap = Math.min(shortestAddEventGap, Long.parseLong(vars.get(OlioScripts.GAP_NS)));
            }
        }

        // 1,000 draws per tag (sd 31) and 667 per person (sd 26): every one within 5 sd of uniform.
        assertThat(tags).hasSize(TAGS).containsKeys("tag1", "tag" + TAGS)
                .allSatisfy((tag, count) -> assertThat(count).isBetween(845, 1_155));
        assertThat(people).hasSize(LOADED_USERS).containsKeys("1", Integer.toString(LOADED_USERS))
                .allSatisfy((person, count) -> assertThat(count).isBetween(537, 797));
        // AddEvent is 2 % of the chain: about 800 of them, none sooner than 3 s after the previous start.
        assertThat(addEvents).isGreaterThan(500);
        assertThat(shortestAddEventGap).isGreaterThanOrEqualTo(3_000_000_000L);
    }
}
