package org.tilemark.harness.run;

import org.tilemark.infra.platform.Placement;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.tilemark.harness.bundle.InfraOpLine;
import org.tilemark.scoring.InfraPhase;

/** The fan-out: every sample to every publisher in order, and one publisher's failure keeps none of the others from it. */
class PublishersTest {

    private final List<String> told = new ArrayList<>();

    @Test
    void everyPublisherReceivesTheSameSamplesInTheOrderGiven() {
        IntervalCut cut = cut();
        PhaseEnd end = new PhaseEnd.InfraOnly(1, InfraPhase.of(List.of(), Map.of("vmotion", 210.0), Duration.ofMinutes(1)));
        InfraOpLine operation = InfraOpLine.platformInitiated("vmotion", "tile1-standby", "standby", 1,
                new Placement("host-0", "app"), new Placement("host-1", "app"),
                "2026-11-24T18:00:00Z", 1, "DRS");
        List<Object> firstGot = new ArrayList<>();
        List<Object> secondGot = new ArrayList<>();
        SamplePublisher fanOut = Publishers.of(recording("bundle", firstGot), recording("console", secondGot));

        fanOut.interval(cut);
        fanOut.phaseEnded(end);
        fanOut.infraOperation(operation);

        assertThat(told).containsExactly("bundle interval", "console interval", "bundle phase", "console phase",
                "bundle infra", "console infra");
        assertThat(firstGot).containsExactly(cut, end, operation);
        assertThat(secondGot).containsExactly(cut, end, operation);
    }

    @Test
    void aPublisherThatThrowsDoesNotKeepTheSampleFromTheOthersAndTheFirstFailureIsRethrown() {
        UncheckedIOException diskFull = new UncheckedIOException(new java.io.IOException("No space left on device"));
        IllegalStateException viewGone = new IllegalStateException("live view closed");
        List<Object> consoleGot = new ArrayList<>();
        SamplePublisher fanOut = Publishers.of(failing("bundle", diskFull), recording("console", consoleGot),
                failing("live", viewGone));
        IntervalCut cut = cut();

        assertThatThrownBy(() -> fanOut.interval(cut)).isSameAs(diskFull)
                .satisfies(e -> assertThat(e.getSuppressed()).containsExactly(viewGone));
        assertThat(told).containsExactly("bundle interval", "console interval", "live interval");
        assertThat(consoleGot).containsExactly(cut);
    }

    private static IntervalCut cut() {
        return new IntervalCut(new MeasurementPlan.Slot(3, 1, Duration.ofSeconds(20), Duration.ofSeconds(30)),
                Instant.parse("2026-11-24T18:00:00Z"), 2, Duration.ofSeconds(30), Duration.ofSeconds(90), List.of(),
                OptionalDouble.of(41.5));
    }

    private SamplePublisher recording(String name, List<Object> got) {
        return new SamplePublisher() {
            @Override
            public void interval(IntervalCut cut) {
                told.add(name + " interval");
                got.add(cut);
            }

            @Override
            public void phaseEnded(PhaseEnd end) {
                told.add(name + " phase");
                got.add(end);
            }

            @Override
            public void infraOperation(InfraOpLine operation) {
                told.add(name + " infra");
                got.add(operation);
            }
        };
    }

    private SamplePublisher failing(String name, RuntimeException failure) {
        return cut -> {
            told.add(name + " interval");
            throw failure;
        };
    }
}
