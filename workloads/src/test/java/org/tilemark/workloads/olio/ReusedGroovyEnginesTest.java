package org.tilemark.workloads.olio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import org.apache.jmeter.modifiers.JSR223PreProcessor;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JSR223TestElement;
import org.junit.jupiter.api.Test;

/** JMeter's JSR223 elements on reused Groovy engines: one per thread, fresh bindings per run. */
class ReusedGroovyEnginesTest {

    @Test
    void aThreadGetsOneEngineForEveryRunAndAnotherThreadItsOwn() throws InterruptedException {
        ReusedGroovyEngines.install();
        ScriptEngineManager manager = JSR223TestElement.getInstance();
        ScriptEngine first = manager.getEngineByName(ReusedGroovyEngines.LANGUAGE);

        AtomicReference<ScriptEngine> otherThreads = new AtomicReference<>();
        Thread.ofPlatform().start(() -> otherThreads.set(manager.getEngineByName(ReusedGroovyEngines.LANGUAGE))).join();

        assertThat(manager.getEngineByName(ReusedGroovyEngines.LANGUAGE)).isSameAs(first);
        assertThat(otherThreads.get()).isNotNull().isNotSameAs(first);
    }

    @Test
    void eachRunOfAnElementSeesTheVariablesOfThatRun() {
        ReusedGroovyEngines.install();
        JMeterVariables vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
        JSR223PreProcessor element = new JSR223PreProcessor();
        element.setName("echo");
        element.setScriptLanguage(ReusedGroovyEngines.LANGUAGE);
        element.setCacheKey("true");
        element.setScript("vars.put('out', vars.get('in') + '!')");

        vars.put("in", "first");
        element.process();
        String afterFirst = vars.get("out");
        vars.put("in", "second");
        element.process();

        assertThat(afterFirst).isEqualTo("first!");
        assertThat(vars.get("out")).isEqualTo("second!");
    }
}
