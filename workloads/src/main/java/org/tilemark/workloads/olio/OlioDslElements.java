package org.tilemark.workloads.olio;

import java.util.List;
import org.apache.jmeter.control.SwitchController;
import org.apache.jmeter.control.gui.SwitchControllerGui;
import org.apache.jmeter.protocol.http.control.CacheManager;
import org.apache.jmeter.protocol.http.gui.CacheManagerGui;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.testbeans.gui.TestBeanGUI;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.timers.JSR223Timer;
import us.abstracta.jmeter.javadsl.core.configs.BaseConfigElement;
import us.abstracta.jmeter.javadsl.core.controllers.BaseController;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;
import us.abstracta.jmeter.javadsl.core.timers.BaseTimer;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;

/** Stock JMeter elements jmeter-java-dsl has no builder for (or builds with other defaults). */
final class OlioDslElements {

    private OlioDslElements() {
    }

    /** JMeter's Switch Controller: runs the child whose name equals {@code selection}. */
    static final class Switch extends BaseController<Switch> {

        private final String selection;

        Switch(String name, String selection, List<ThreadGroupChild> children) {
            super(name, SwitchControllerGui.class, children);
            this.selection = selection;
        }

        @Override
        protected TestElement buildTestElement() {
            SwitchController controller = new SwitchController();
            controller.setSelection(selection);
            return controller;
        }
    }

    /** A JSR223 Timer with a Groovy script string (the DSL only offers fixed and random timers). */
    static final class GroovyTimer extends BaseTimer {

        private final String script;

        GroovyTimer(String name, String script) {
            super(name, TestBeanGUI.class);
            this.script = script;
        }

        @Override
        protected TestElement buildTestElement() {
            JSR223Timer timer = new JSR223Timer();
            timer.setScriptLanguage("groovy");
            timer.setScript(script);
            timer.setCacheKey("true");
            return timer;
        }
    }

    /**
     * An HTTP Cache Manager kept across iterations: one iteration is one operation, and a browser
     * keeps its cache for the whole session (the DSL's {@code httpCache()} clears it every iteration).
     */
    static final class SessionCache extends BaseConfigElement {

        SessionCache() {
            super("HTTP Cache Manager", CacheManagerGui.class);
        }

        @Override
        protected TestElement buildTestElement() {
            CacheManager cache = new CacheManager();
            cache.setUseExpires(true);
            cache.setClearEachIteration(false);
            return cache;
        }
    }

    /**
     * An HTTP sampler that fetches the page's embedded resources one after another on the user's own
     * connection, as Faban's Olio driver fetches a page's static files (the DSL would hand them to
     * JMeter's download pool, a thread hand-off per page).
     */
    static final class PageSampler extends DslHttpSampler {

        PageSampler(String name, String path) {
            super(name, path);
            downloadEmbeddedResources();
        }

        @Override
        public HTTPSamplerProxy configureHttpTestElement(HTTPSamplerProxy element) {
            HTTPSamplerProxy configured = super.configureHttpTestElement(element);
            configured.setConcurrentDwn(false);
            return configured;
        }
    }
}
