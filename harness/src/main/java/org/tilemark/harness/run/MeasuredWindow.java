package org.tilemark.harness.run;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tilemark.scoring.InfraPhase;

/**
 * What measuring cost, from the first measured interval on: the harness process's CPU time, the
 * cluster's CPU utilization (over the whole window and over each interval), and the time measured.
 */
final class MeasuredWindow {

    private final ClusterCpu cpu;
    private ClusterCpu.Mark intervalStart;
    private Duration processCpuAtStart;
    private ClusterCpu.Mark clusterAtStart;
    private Duration measured = Duration.ZERO;

    MeasuredWindow(ClusterCpu cpu) {
        this.cpu = cpu;
        this.intervalStart = cpu.mark();
    }

    boolean started() {
        return clusterAtStart != null;
    }

    /** The first measured interval begins. */
    void start() {
        processCpuAtStart = processCpu();
        clusterAtStart = cpu.mark();
    }

    void measured(Duration interval) {
        measured = measured.plus(interval);
    }

    /** The cluster's CPU since the last interval's end (or since the drivers started). */
    OptionalDouble intervalCpu() {
        ClusterCpu.Mark end = cpu.mark();
        OptionalDouble percent = cpu.percentBetween(intervalStart, end);
        intervalStart = end;
        return percent;
    }

    MeasurementLoop.Summary summary(Optional<StopPolicy.Stop> stop, Map<Integer, InfraPhase> infra) {
        OptionalDouble clusterCpu = clusterAtStart == null ? OptionalDouble.empty() : cpu.percentBetween(clusterAtStart, cpu.mark());
        Duration harnessCpu = processCpuAtStart == null ? Duration.ZERO : processCpu().minus(processCpuAtStart);
        return new MeasurementLoop.Summary(stop.orElse(null) instanceof StopPolicy.Stop.Aborted, harnessCpu, measured,
                infra, clusterCpu, stop.orElse(null) instanceof StopPolicy.Stop.FailedPhase(int phase)
                        ? Optional.of(phase) : Optional.empty());
    }

    /** The CPU time this process (the harness: drivers, endpoints) has used so far. */
    static Duration processCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }
}
