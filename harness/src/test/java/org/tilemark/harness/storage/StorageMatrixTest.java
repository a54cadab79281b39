package org.tilemark.harness.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.StorageSpec;

class StorageMatrixTest {

    private final StorageSpec defaults = ConfigLoader.defaults().storage();

    @Test
    void theClassicMatrixIsFourPatternsTimesFiveSizesPlusTheDatabaseLikeSpec() {
        List<DataPoint> points = StorageMatrix.points(defaults);

        assertThat(points).hasSize(21);
        assertThat(points.stream().filter(DataPoint::inMatrix).map(DataPoint::sizeKb).distinct())
                .containsExactly(4, 8, 16, 32, 64);
        DataPoint randomWrite4k = points.getFirst();
        assertThat(randomWrite4k.pattern()).isEqualTo("random write");
        assertThat(randomWrite4k.spec().lines()).singleElement().satisfies(line -> {
            assertThat(line.transferBytes()).isEqualTo(4096);
            assertThat(line.readPercent()).isZero();
            assertThat(line.randomPercent()).isEqualTo(100);
        });
        assertThat(points.get(3).pattern()).isEqualTo("sequential read");
        assertThat(points.get(3).spec().lines().getFirst().readPercent()).isEqualTo(100);
        assertThat(points.get(3).spec().lines().getFirst().randomPercent()).isZero();
        assertThat(points.stream().allMatch(p -> p.spec().outstandingIos() == 16)).isTrue();
        DataPoint database = points.getLast();
        assertThat(database.inMatrix()).isFalse();
        assertThat(database.spec().lines()).extracting(l -> l.transferBytes()).containsExactly(4096, 65536);
        assertThat(database.spec().lines()).allSatisfy(l -> assertThat(l.readPercent()).isEqualTo(70));
    }

    @Test
    void sizesAndTheDatabaseLikeSpecFollowTheConfiguration() {
        StorageSpec custom = new StorageSpec(1, 0, "app", 1, "1GB", false, 32, " 4,64 ", false, defaults.rampUp(), defaults.runtime(),
                defaults.quick(), defaults.interference());

        List<DataPoint> points = StorageMatrix.points(custom);

        assertThat(points).hasSize(8).allSatisfy(p -> assertThat(p.spec().outstandingIos()).isEqualTo(32));
        assertThat(StorageMatrix.sizesKb(custom)).containsExactly(4, 64);
    }
}
