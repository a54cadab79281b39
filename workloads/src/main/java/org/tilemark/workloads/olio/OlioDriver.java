package org.tilemark.workloads.olio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import org.tilemark.config.OlioSpec;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;

/** Olio's load for one tile: the JMeter plan run embedded against the tile's web VM. */
final class OlioDriver implements WorkloadDriver {

    private final DriverContext context;
    private final OlioSpec spec;
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private OlioJmeterRun run;
    private OlioSampleListener listener;
    private Path assets;

    OlioDriver(DriverContext context) {
        this.context = context;
        this.spec = context.spec().workloads().olio();
    }

    /** Loads JMeter and compiles the plan's scripts before the origin is fixed: seconds on a busy machine. */
    @Override
    public synchronized void prepare() {
        try {
            assets = OlioAssets.writeTo(Files.createTempDirectory("tilemark-olio-t" + context.tile()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        OlioJmeterRun.prepareEnvironment();
    }

    @Override
    public synchronized void start(Instant origin) {
        String vm = OlioWorkload.webVmName(context.tile());
        if (assets == null) {
            prepare();
        }
        OlioPlanSettings settings = OlioPlanSettings.embedded(spec, context.endpoint(vm), origin, assets);
        listener = new OlioSampleListener(recorder, vm);
        run = new OlioJmeterRun(OlioTestPlan.build(settings), listener);
    }

    @Override
    public IntervalSnapshot snapshot() {
        return recorder.cut();
    }

    @Override
    public synchronized void close() {
        if (run != null) {
            listener.stopRecording();
            run.close();
            run = null;
        }
        if (assets != null) {
            try (var files = Files.list(assets)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
                Files.deleteIfExists(assets);
            } catch (IOException e) {
                // a temporary directory left behind is harmless
            }
            assets = null;
        }
    }
}
