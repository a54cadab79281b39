package org.tilemark.harness.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.StorageSpec;

class StorageScalingRunTest {

    private final StorageSpec storage = ConfigLoader.defaults().storage();

    @Test
    void everyHostCountTimesEveryVmCount() {
        assertThat(StorageScalingRun.layouts(storage, List.of(1, 2), List.of(2, 4), List.of(1))).containsExactly(
                new StorageScalingRun.Layout(1, 2, 1), new StorageScalingRun.Layout(1, 4, 1),
                new StorageScalingRun.Layout(2, 2, 1), new StorageScalingRun.Layout(2, 4, 1));
    }

    @Test
    void diskCountsRunAtTheLargestHostCountAndTheFirstVmCount() {
        assertThat(StorageScalingRun.layouts(storage, List.of(1, 3), List.of(12), List.of(1, 4))).containsExactly(
                new StorageScalingRun.Layout(1, 12, 1), new StorageScalingRun.Layout(3, 12, 1),
                new StorageScalingRun.Layout(3, 12, 4));
    }
}
