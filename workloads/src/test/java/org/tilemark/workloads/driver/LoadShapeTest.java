package org.tilemark.workloads.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.dvdstore.LoadShapeSpec;

class LoadShapeTest {

    @Test
    void everyShapeASpecMayNameIsRegisteredAndNothingElse() {
        assertThat(LoadShape.BY_NAME.keySet()).containsExactlyInAnyOrderElementsOf(LoadShapeSpec.SHAPES);
        LoadShape bursty = LoadShape.of(30, new LoadShapeSpec(LoadShapeSpec.BURSTY, 1.5, 0.5, Duration.ofSeconds(60)));
        assertThat(bursty.maxUsers()).isEqualTo(45);
        assertThat(activeAt(bursty, Duration.ofSeconds(30))).isEqualTo(15);
        LoadShape constant = LoadShape.of(30, new LoadShapeSpec(LoadShapeSpec.CONSTANT, 1.5, 0.5, Duration.ofSeconds(60)));
        assertThat(constant.maxUsers()).isEqualTo(30);
        assertThat(activeAt(constant, Duration.ofSeconds(30))).isEqualTo(30);
    }

    @Test
    void constantKeepsTheFirstUsersActiveAllTheTime() {
        LoadShape shape = LoadShape.constant(30);

        assertThat(shape.maxUsers()).isEqualTo(30);
        assertThat(shape.meanActiveUsers()).isEqualTo(30.0);
        for (Duration at : new Duration[] {Duration.ZERO, Duration.ofSeconds(31), Duration.ofHours(2)}) {
            assertThat(activeAt(shape, at)).isEqualTo(30);
            assertThat(shape.active(29, at)).isTrue();
            assertThat(shape.active(30, at)).isFalse();
        }
    }

    @Test
    void burstyAlternatesHighAndLowEveryHalfPeriod() {
        LoadShape shape = LoadShape.bursty(30, 1.5, 0.5, Duration.ofSeconds(60));

        assertThat(shape.maxUsers()).isEqualTo(45);
        assertThat(activeAt(shape, Duration.ZERO)).isEqualTo(45);
        assertThat(activeAt(shape, Duration.ofMillis(29_999))).isEqualTo(45);
        assertThat(activeAt(shape, Duration.ofSeconds(30))).isEqualTo(15);
        assertThat(activeAt(shape, Duration.ofMillis(59_999))).isEqualTo(15);
        assertThat(activeAt(shape, Duration.ofSeconds(60))).isEqualTo(45);
        assertThat(activeAt(shape, Duration.ofSeconds(90))).isEqualTo(15);
        assertThat(shape.active(14, Duration.ofSeconds(45))).isTrue();
        assertThat(shape.active(15, Duration.ofSeconds(45))).isFalse();
        assertThat(shape.meanActiveUsers()).isEqualTo(30.0);
    }

    @Test
    void aShapeJoinedIntoARunIsInStepWithTheRunsShape() {
        LoadShape run = LoadShape.bursty(30, 1.5, 0.5, Duration.ofSeconds(60));
        LoadShape joined = run.joined(Duration.ofSeconds(100)); // a tile joining a search 100 s after its first

        assertThat(activeAt(joined, Duration.ZERO)).as("100 s in: the low half of the run's second period").isEqualTo(15);
        assertThat(activeAt(joined, Duration.ofSeconds(19))).isEqualTo(15);
        assertThat(activeAt(joined, Duration.ofSeconds(20))).as("the run's next high half").isEqualTo(45);
        for (int s = 0; s < 300; s += 7) {
            assertThat(activeAt(joined, Duration.ofSeconds(s))).isEqualTo(activeAt(run, Duration.ofSeconds(100 + s)));
        }
        assertThat(joined.maxUsers()).isEqualTo(45);
        assertThat(joined.meanActiveUsers()).isEqualTo(30.0);
        assertThat(run.joined(Duration.ZERO)).isSameAs(run);
    }

    @Test
    void burstyMeanIsTheTimeAverageOfActiveUsers() {
        LoadShape shape = LoadShape.bursty(7, 1.5, 0.5, Duration.ofSeconds(10));
        // Sample one whole period finely: the average of the active count is the reported mean.
        double average = IntStream.range(0, 1000)
                .mapToDouble(ms10 -> activeAt(shape, Duration.ofMillis(ms10 * 10L)))
                .average().orElseThrow();

        assertThat(shape.meanActiveUsers()).isEqualTo(average);
    }

    @Test
    void burstyWithALowFactorAboveTheHighOneStartsTheLargerCount() {
        LoadShape shape = LoadShape.bursty(10, 0.5, 2.0, Duration.ofSeconds(20));

        assertThat(shape.maxUsers()).isEqualTo(20);
        assertThat(activeAt(shape, Duration.ZERO)).isEqualTo(5);
        assertThat(activeAt(shape, Duration.ofSeconds(10))).isEqualTo(20);
    }

    @Test
    void burstyCountsAreRoundedTogetherSoTheMeanIsTheUsersAtAnyTileScale() {
        // 31 users (the quick tile's 440 x 0.07): 46.5 and 15.5 would round to 47 and 16, a mean of 31.5.
        LoadShape quick = LoadShape.bursty(31, 1.5, 0.5, Duration.ofSeconds(60));
        assertThat(activeAt(quick, Duration.ZERO)).isEqualTo(47);
        assertThat(activeAt(quick, Duration.ofSeconds(30))).isEqualTo(15);
        assertThat(quick.meanActiveUsers()).isEqualTo(31.0);
        for (int users = 1; users <= 500; users++) {
            assertThat(LoadShape.bursty(users, 1.5, 0.5, Duration.ofSeconds(60)).meanActiveUsers()).as("%d users", users)
                    .isEqualTo(users);
        }
    }

    private static int activeAt(LoadShape shape, Duration at) {
        return (int) IntStream.range(0, shape.maxUsers() + 5).filter(i -> shape.active(i, at)).count();
    }
}
