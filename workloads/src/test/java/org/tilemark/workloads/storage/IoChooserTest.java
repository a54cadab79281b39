package org.tilemark.workloads.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IoChooserTest {

    private static final int DRAWS = 100_000;

    @Test
    void linesAndDirectionsFollowThePercentages() {
        AccessLine small = new AccessLine(4096, 20, 70, 100, 4096);
        AccessLine large = new AccessLine(65536, 80, 10, 0, 65536);
        IoChooser chooser = new IoChooser(new AccessSpec("mix", List.of(small, large), 1), 1 << 20);
        SplittableRandom random = new SplittableRandom(42);
        int smallCount = 0, smallReads = 0, largeReads = 0, largeRandom = 0;
        for (int i = 0; i < DRAWS; i++) {
            AccessLine line = chooser.line(random);
            boolean read = IoChooser.read(line, random);
            if (line == small) {
                smallCount++;
                smallReads += read ? 1 : 0;
            } else {
                largeReads += read ? 1 : 0;
                largeRandom += IoChooser.random(line, random) ? 1 : 0;
            }
        }
        int largeCount = DRAWS - smallCount;
        // 100,000 draws: one standard deviation is well under 0.5 %; 1.5 points is > 3 sigma.
        assertThat(smallCount / (double) DRAWS).isBetween(0.185, 0.215);
        assertThat(smallReads / (double) smallCount).isBetween(0.685, 0.715);
        assertThat(largeReads / (double) largeCount).isBetween(0.085, 0.115);
        assertThat(largeRandom).isZero();
    }

    @Test
    void aLineWithNoShareIsNeverChosen() {
        AccessLine never = new AccessLine(4096, 0, 100, 100, 4096);
        AccessLine always = new AccessLine(8192, 100, 100, 100, 8192);
        IoChooser chooser = new IoChooser(new AccessSpec("x", List.of(never, always), 1), 1 << 20);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 10_000; i++) {
            assertThat(chooser.line(random)).isSameAs(always);
        }
    }

    @Test
    void randomOffsetsAreAlignedInRangeAndReachBothEnds() {
        long fileBytes = 64 * 1024 + 4096; // not a multiple of the transfer size
        AccessLine line = new AccessLine(8192, 100, 100, 100, 4096);
        IoChooser chooser = new IoChooser(new AccessSpec("x", List.of(line), 1), fileBytes);
        SplittableRandom random = new SplittableRandom(7);
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            long offset = chooser.randomOffset(line, random);
            assertThat(offset % 4096).isZero();
            assertThat(offset + 8192).isLessThanOrEqualTo(fileBytes);
            seen.add(offset);
        }
        assertThat(seen).contains(0L, fileBytes - 8192).hasSize((int) ((fileBytes - 8192) / 4096 + 1));
    }

    @Test
    void sequentialAccessAdvancesAlignsAndWraps() {
        AccessLine line = AccessLine.of(65536, 100, 0);
        IoChooser chooser = new IoChooser(AccessSpec.of("seq", 65536, 100, 0, 1), 4 * 65536 + 4096);
        IoWorker worker = new IoWorker(null, chooser, 1000); // an unaligned start is rounded up
        List<Long> offsets = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            offsets.add(worker.nextSequential(line));
        }
        assertThat(offsets).containsExactly(65536L, 131072L, 196608L, 0L, 65536L, 131072L);
    }

    @Test
    void aFileSmallerThanATransferIsRefused() {
        assertThatThrownBy(() -> new IoChooser(AccessSpec.of("big", 65536, 100, 0, 1), 4096))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("smaller than the transfer size 65536");
    }

    @Test
    void aRepeatedErrorStopsTheWorkerButASingleOneDoesNot() {
        IoWorker worker = new IoWorker(null, new IoChooser(AccessSpec.of("x", 4096, 100, 0, 1), 4096), 0);
        worker.failed();
        worker.succeeded();
        worker.failed();
        assertThat(worker.stopped()).isFalse();
        worker.failed();
        assertThat(worker.stopped()).isTrue();
    }
}
