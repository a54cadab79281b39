package org.tilemark.workloads.olio;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.gui.TestBeanGUI;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import us.abstracta.jmeter.javadsl.core.samplers.BaseSampler;

/**
 * Olio's cycle as one compiled JMeter sampler: each sample is one user's next operation
 * ({@link OlioUser}), run at its intended start. The embedded driver runs it in JMeter's thread group
 * instead of the stock plan's HTTP samplers and per-sample Groovy scripts, which cost about 3 ms of
 * CPU per operation (bench/driver-cost). JMeter gives each thread its own copy of a sampler: the
 * copies of one tile's run share its {@link Users}, and each holds its thread's user.
 */
final class OlioCycleSampler extends AbstractSampler implements Interruptible {

    private final transient Users users;
    private transient OlioUser user;

    OlioCycleSampler(OlioLoad load, IntervalRecorder recorder, String vm) {
        this(new Users(load, recorder, vm));
        setName("olio.cycle");
    }

    private OlioCycleSampler(Users users) {
        this.users = users;
    }

    /** One tile's run: what its users are told, every user made so far, and whether the run is stopping. */
    private static final class Users {
        final OlioLoad load;
        final IntervalRecorder recorder;
        final String vm;
        final Set<OlioUser> all = ConcurrentHashMap.newKeySet();
        volatile boolean stopped;

        Users(OlioLoad load, IntervalRecorder recorder, String vm) {
            this.load = load;
            this.recorder = recorder;
            this.vm = vm;
        }
    }

    /** JMeter's per-thread copy: the same run, a user of its own (made on the thread's first sample). */
    @Override
    public Object clone() {
        OlioCycleSampler copy = new OlioCycleSampler(users);
        for (PropertyIterator properties = propertyIterator(); properties.hasNext(); ) {
            copy.setProperty(properties.next().clone());
        }
        copy.setRunningVersion(isRunningVersion());
        return copy;
    }

    @Override
    public SampleResult sample(Entry entry) {
        if (user == null) {
            JMeterContext context = JMeterContextService.getContext();
            OlioLoad load = users.load;
            user = new OlioUser(load, context.getThreadNum(), new OlioBrowser(load.web(), load.requestTimeout()),
                    ThreadLocalRandom.current(), new OlioUser.InFlightUnits(users.recorder, users.vm));
            users.all.add(user);
        }
        if (users.stopped) {
            // end this JMeter thread's loop now instead of sampling "stopped" until the engine stops it
            JMeterThread thread = JMeterContextService.getContext().getThread();
            if (thread != null) {
                thread.stop();
            }
            return stoppedSample();
        }
        try {
            return new OlioCycleSample(user.next());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return stoppedSample();
        }
    }

    /** Stopping the run now: every user's request in progress fails at once, and no new cycle starts. */
    @Override
    public boolean interrupt() {
        // JMeter interrupts every thread's copy when it stops: the run's users are aborted once
        if (!users.stopped) {
            users.stopped = true;
            users.all.forEach(OlioUser::abort);
        }
        return true;
    }

    /** After the run: closes every user's connection. */
    void close() {
        interrupt();
        users.all.forEach(OlioUser::close);
    }

    /** Not an operation: the listener records only {@link OlioCycleSample}s. */
    private static SampleResult stoppedSample() {
        SampleResult result = new SampleResult();
        result.setSampleLabel("olio.stopped");
        return result;
    }

    /** The sampler in a jmeter-java-dsl thread group. */
    static final class Dsl extends BaseSampler<Dsl> {

        private final OlioCycleSampler sampler;

        Dsl(OlioCycleSampler sampler) {
            super(sampler.getName(), TestBeanGUI.class);
            this.sampler = sampler;
        }

        @Override
        protected TestElement buildTestElement() {
            return sampler;
        }
    }
}
