package org.tilemark.workloads.olio;

import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.time.Clock;
import java.time.Duration;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;

/**
 * Olio's load for one tile: a JMeter thread group of users, embedded, against the tile's web VM. Each
 * user's cycle is the compiled {@link OlioCycleSampler}; {@code tilemark olio export-jmx} writes the
 * same workload as a stock-JMeter plan ({@link OlioTestPlan}).
 */
final class OlioDriver implements WorkloadDriver {

    /** Runs forever in effect: an embedded run ends when the driver closes it. */
    private static final Duration EMBEDDED_DURATION = Duration.ofDays(30);

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(OlioDriver.class);

    private final DriverContext context;
    private final OlioSpec spec;
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private OlioJmeterRun run;
    private OlioCycleSampler sampler;
    private OlioSampleListener listener;

    OlioDriver(DriverContext context) {
        this.context = context;
        this.spec = context.spec().workloads().section(OlioSpec.class);
    }

    /** Loads JMeter before the origin is fixed: seconds on a busy machine. */
    @Override
    public synchronized void prepare() {
        OlioJmeterRun.prepareEnvironment();
    }

    @Override
    public synchronized void start(DriverStart start) {
        String vm = OlioWorkload.webVmName(context.tile());
        OlioLoad load = OlioLoad.of(spec, context.endpoint(vm), start.origin());
        sampler = new OlioCycleSampler(load, recorder, vm);
        listener = new OlioSampleListener(recorder, vm);
        run = new OlioJmeterRun(testPlan(threadGroup("olio-users").rampToAndHold(load.users(), Duration.ZERO, EMBEDDED_DURATION)
                .children(new OlioCycleSampler.Dsl(sampler))), listener);
    }

    @Override
    public IntervalSnapshot snapshot() {
        return recorder.cut();
    }

    @Override
    public synchronized void close() {
        if (run != null) {
            listener.stopRecording();
            LOG.info(listener.requestsSummary());
            sampler.interrupt();
            run.close();
            sampler.close();
            run = null;
        }
    }
}
