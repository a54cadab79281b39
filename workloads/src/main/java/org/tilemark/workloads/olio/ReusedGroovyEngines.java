package org.tilemark.workloads.olio;

import java.util.List;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineFactory;
import javax.script.ScriptEngineManager;
import org.apache.jmeter.util.JSR223TestElement;

/**
 * Groovy for JMeter's JSR223 elements, one engine per thread instead of one per element run.
 * JMeter 5.6 asks its script engine manager for a new engine every time a JSR223 element runs, and
 * a Groovy engine brings its own class loader and compiler configuration: in the embedded Olio
 * driver that was the largest single allocation (bench/driver-cost). JMeter compiles each script
 * once into its own cache and gives every run fresh bindings, so a thread's engine serves every run
 * the same. Only the embedded driver registers this; an exported .jmx runs on JMeter's own.
 */
final class ReusedGroovyEngines implements ScriptEngineFactory {

    static final String LANGUAGE = "groovy";

    private final ScriptEngineFactory groovy;
    private final ThreadLocal<ScriptEngine> engines;

    private ReusedGroovyEngines(ScriptEngineFactory groovy) {
        this.groovy = groovy;
        this.engines = ThreadLocal.withInitial(groovy::getScriptEngine);
    }

    /** Makes JMeter's script engine manager answer "groovy" with a thread's reused engine. */
    static void install() {
        ScriptEngineManager manager = JSR223TestElement.getInstance();
        ScriptEngine probe = manager.getEngineByName(LANGUAGE);
        if (probe == null) {
            throw new IllegalStateException("no Groovy script engine on the class path: Olio's JMeter plan needs one");
        }
        // An engine names Groovy's own factory, so installing twice wraps that factory again, not a wrapper.
        manager.registerEngineName(LANGUAGE, new ReusedGroovyEngines(probe.getFactory()));
    }

    @Override
    public ScriptEngine getScriptEngine() {
        return engines.get();
    }

    @Override
    public String getEngineName() {
        return groovy.getEngineName();
    }

    @Override
    public String getEngineVersion() {
        return groovy.getEngineVersion();
    }

    @Override
    public List<String> getExtensions() {
        return groovy.getExtensions();
    }

    @Override
    public List<String> getMimeTypes() {
        return groovy.getMimeTypes();
    }

    @Override
    public List<String> getNames() {
        return groovy.getNames();
    }

    @Override
    public String getLanguageName() {
        return groovy.getLanguageName();
    }

    @Override
    public String getLanguageVersion() {
        return groovy.getLanguageVersion();
    }

    @Override
    public Object getParameter(String key) {
        return groovy.getParameter(key);
    }

    @Override
    public String getMethodCallSyntax(String obj, String m, String... args) {
        return groovy.getMethodCallSyntax(obj, m, args);
    }

    @Override
    public String getOutputStatement(String toDisplay) {
        return groovy.getOutputStatement(toDisplay);
    }

    @Override
    public String getProgram(String... statements) {
        return groovy.getProgram(statements);
    }
}
