package org.tilemark.harness.run;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.scoring.FailureRateRule;
import org.tilemark.scoring.QosRule;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.VmRequest;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;

/**
 * A workload for the measurement loop's tests (the layer below the loop, faked): one standby-role VM
 * per tile, and a driver that, when its n-th interval is cut, has completed exactly
 * {@link #operations(int, int) operations(tile, n)} operations through the real interval recorder —
 * counts that depend on nothing but the tile and the interval, so a test knows what every interval held.
 * Its intervals last exactly as planned ({@code run.interval} each from the origin, on a clock of its own), so
 * their rates do not depend on when the loop's thread woke; {@link #lateBy} stretches one of them.
 * Not registered with ServiceLoader: tests hand it to the loop.
 */
final class CountingWorkload implements Workload {

    static final String NAME = "counting";
    static final String OPERATION = "count";

    /** One interval being cut: the test's hook may add to what the driver recorded, or act (abort, crash). */
    record Cut(int tile, int interval, String vm, IntervalRecorder recorder) {
    }

    /** Every driver the loop asked for, in the order it asked. */
    final List<Driver> drivers = new CopyOnWriteArrayList<>();
    /** Interval (1-based) -> how much longer than planned it lasted, as a cut the harness made late would. */
    private final Map<Integer, Duration> late = new java.util.concurrent.ConcurrentHashMap<>();
    private final Consumer<Cut> onCut;
    /** What each tile's driver audits once measuring ended (may throw: an audit that could not be made); none by default. */
    private volatile Audit audit = tile -> java.util.Optional.empty();

    /** A tile driver's audit, as {@link WorkloadDriver#audit()}. */
    interface Audit {
        java.util.Optional<org.tilemark.workloads.DataAudit> of(int tile) throws Exception;
    }

    CountingWorkload(Consumer<Cut> onCut) {
        this.onCut = onCut;
    }

    /** Interval {@code interval} of every tile lasts {@code extra} longer than planned (and the ones after start later). */
    CountingWorkload lateBy(int interval, Duration extra) {
        late.put(interval, extra);
        return this;
    }

    CountingWorkload auditing(Audit audit) {
        this.audit = audit;
        return this;
    }

    /** The operations a tile's driver completes in its {@code interval}-th interval (1-based). */
    static long operations(int tile, int interval) {
        return 10L * interval + tile;
    }

    static String vmOf(int tile) {
        return "tile" + tile + "-" + NAME;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean enabled(BenchmarkSpec spec) {
        return true;
    }

    @Override
    public List<VmRequest> vms(int tile, BenchmarkSpec spec, SecretSource secrets) {
        return List.of(new VmRequest(vmOf(tile), "standby", Map.of(), Map.of(), Map.of()));
    }

    @Override
    public WorkloadDriver driver(DriverContext context) {
        Driver driver = new Driver(context.tile(), context.endpoint(vmOf(context.tile())), onCut, audit,
                context.spec().run().interval(), late);
        drivers.add(driver);
        return driver;
    }

    @Override
    public String metricUnit() {
        return "ops/s";
    }

    @Override
    public Duration metricPeriod() {
        return Duration.ofSeconds(1);
    }

    @Override
    public String headlineOperation() {
        return OPERATION;
    }

    @Override
    public double targetThroughput(BenchmarkSpec spec) {
        return 20;
    }

    @Override
    public double reference(BenchmarkSpec spec) {
        return 20;
    }

    /** Any failed operation fails the phase. */
    @Override
    public List<QosRule> qosRules(BenchmarkSpec spec) {
        return List.of(new FailureRateRule(0, false));
    }

    /** One tile's driver; remembers the endpoint it was given and whether it was started and closed. */
    static final class Driver implements WorkloadDriver {

        final int tile;
        final InetSocketAddress endpoint;
        private final Consumer<Cut> onCut;
        private final Audit audit;
        private final Duration interval;
        private final Map<Integer, Duration> late;
        private volatile IntervalRecorder recorder;
        /** What the harness started this driver with. */
        volatile DriverStart started;
        private volatile boolean closed;
        private int cuts;
        /** Where the current interval ends on this driver's clock. */
        private volatile Instant now;

        Driver(int tile, InetSocketAddress endpoint, Consumer<Cut> onCut, Audit audit, Duration interval,
               Map<Integer, Duration> late) {
            this.tile = tile;
            this.endpoint = endpoint;
            this.onCut = onCut;
            this.audit = audit;
            this.interval = interval;
            this.late = late;
        }

        @Override
        public java.util.Optional<org.tilemark.workloads.DataAudit> audit() throws Exception {
            if (closed) {
                throw new IllegalStateException("tile " + tile + ": audited after close");
            }
            return audit.of(tile);
        }

        @Override
        public void start(DriverStart start) {
            this.now = start.origin();
            this.recorder = new IntervalRecorder(() -> now); // its intervals last as planned, on a clock of its own
            this.started = start;
        }

        @Override
        public IntervalSnapshot snapshot() {
            if (started == null || closed) {
                throw new IllegalStateException("tile " + tile + ": an interval cut while not running");
            }
            int interval = ++cuts;
            now = now.plus(this.interval).plus(late.getOrDefault(interval, Duration.ZERO));
            for (long i = 0; i < operations(tile, interval); i++) {
                recorder.attempt();
                recorder.completed(OPERATION, Duration.ofMillis(1 + i % 10).toNanos());
            }
            onCut.accept(new Cut(tile, interval, vmOf(tile), recorder));
            return recorder.cut();
        }

        boolean started() {
            return started != null;
        }

        boolean closed() {
            return closed;
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
