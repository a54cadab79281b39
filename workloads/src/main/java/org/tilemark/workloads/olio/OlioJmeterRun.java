package org.tilemark.workloads.olio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.apache.jmeter.engine.JMeterEngineException;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine.EmbeddedJMeterEngineStopper;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/**
 * One embedded JMeter run of a plan, with its own engine instance: the DSL's {@code run()} blocks
 * and can only stop JMeter's static "current" engine, which would stop another tile's run sharing
 * the JVM. This keeps the engine and stops exactly it.
 */
final class OlioJmeterRun implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OlioJmeterRun.class);
    private static final Object ENVIRONMENT_LOCK = new Object();
    private static JmeterEnvironment environment;

    private final StandardJMeterEngine engine;

    /** Builds the plan with {@code listener} at the top of its tree and starts it; returns at once. */
    OlioJmeterRun(DslTestPlan plan, SampleListener listener) {
        JmeterEnvironment env = environment();
        // after the environment: the engine class reads JMeter's properties when it loads
        engine = new StandardJMeterEngine();
        HashTree root = new ListedHashTree();
        BuildTreeContext context = new BuildTreeContext();
        context.setTestStopper(new EmbeddedJMeterEngineStopper());
        HashTree testPlanTree = context.buildTreeFor(plan, root);
        env.updateSearchPath(testPlanTree);
        testPlanTree.add(listener);
        engine.configure(root);
        try {
            engine.runTest();
        } catch (JMeterEngineException e) {
            throw new IllegalStateException("JMeter did not start the Olio plan", e);
        }
    }

    /** Sets up JMeter's process-wide environment ahead of the run's origin. */
    static void prepareEnvironment() {
        environment();
    }

    /**
     * JMeter's home and properties are process-wide; set them up once. A stop that fails must not
     * end the JVM (JMeter's default in non-GUI mode), as other workloads share it.
     */
    private static JmeterEnvironment environment() {
        synchronized (ENVIRONMENT_LOCK) {
            if (environment == null) {
                try {
                    environment = new JmeterEnvironment();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                JMeterUtils.setProperty("jmeterengine.stopfail.system.exit", "false");
                JMeterUtils.setProperty("jmeterengine.force.system.exit", "false");
            }
            return environment;
        }
    }

    /** Stops the threads now (interrupting sleeps and requests in flight) and waits for the engine. */
    @Override
    public void close() {
        engine.stopTest(true);
        try {
            engine.awaitTermination(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (TimeoutException e) {
            LOG.warn("JMeter's Olio threads did not stop within 10 s");
        } catch (java.util.concurrent.ExecutionException e) {
            LOG.warn("JMeter's Olio run ended with an error", e.getCause());
        }
    }
}
