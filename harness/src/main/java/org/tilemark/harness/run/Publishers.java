package org.tilemark.harness.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.tilemark.harness.bundle.InfraOpLine;

/**
 * The fan-out: every sample to every publisher, in the order given (the bundle first, so a line is on
 * disk before anyone shows it). A publisher that throws does not keep the sample from the ones after
 * it; the first failure is rethrown once all were told (a bundle that cannot be written fails the run).
 */
final class Publishers implements SamplePublisher {

    private final List<SamplePublisher> publishers;

    private Publishers(List<SamplePublisher> publishers) {
        this.publishers = List.copyOf(publishers);
    }

    static SamplePublisher of(SamplePublisher... publishers) {
        return new Publishers(List.of(publishers));
    }

    /** The run's publishers: the bundle, the console, the live view, and the metrics where a view serves them. */
    static SamplePublisher of(BundlePublisher bundle, ConsolePublisher console, LivePublisher live,
                              Optional<MetricsPublisher> metrics) {
        List<SamplePublisher> all = new ArrayList<>(List.of(bundle, console, live));
        metrics.ifPresent(all::add);
        return new Publishers(all);
    }

    @Override
    public void interval(IntervalCut cut) {
        each(p -> p.interval(cut));
    }

    @Override
    public void phaseEnded(PhaseEnd end) {
        each(p -> p.phaseEnded(end));
    }

    @Override
    public void infraOperation(InfraOpLine operation) {
        each(p -> p.infraOperation(operation));
    }

    private void each(Consumer<SamplePublisher> publish) {
        RuntimeException first = null;
        for (SamplePublisher publisher : publishers) {
            try {
                publish.accept(publisher);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
