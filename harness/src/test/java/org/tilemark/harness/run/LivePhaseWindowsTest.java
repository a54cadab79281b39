package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** An infrastructure operation that ends as one phase gives way to the next is in the next, not in none. */
class LivePhaseWindowsTest {

    private static final Instant T0 = Instant.parse("2026-11-28T04:41:10Z");

    @Test
    void anOperationEndingBeforeTheNextPhaseIsRegisteredWaitsAndLandsInIt() throws Exception {
        LivePhaseWindows windows = new LivePhaseWindows();
        windows.add(1, T0, T0.plusSeconds(60));
        assertThat(windows.phaseAt(T0.plusSeconds(30))).isEqualTo(1);
        assertThat(windows.phaseAt(T0.minusSeconds(1))).isZero();

        CompletableFuture<Integer> justAfter = CompletableFuture.supplyAsync(() -> windows.phaseAt(T0.plusMillis(60_120)));
        Thread.sleep(200);
        assertThat(justAfter).as("undecided until the loop says what follows").isNotDone();
        windows.add(2, T0.plusSeconds(60), T0.plusSeconds(120));
        assertThat(justAfter.get(10, TimeUnit.SECONDS)).isEqualTo(2);
    }

    @Test
    void whenNoPhaseFollowsAtOnceItIsInNone() throws Exception {
        LivePhaseWindows windows = new LivePhaseWindows();
        windows.add(1, T0, T0.plusSeconds(60));
        CompletableFuture<Integer> after = CompletableFuture.supplyAsync(() -> windows.phaseAt(T0.plusSeconds(61)));
        windows.noPhaseFollows();
        assertThat(after.get(10, TimeUnit.SECONDS)).isZero();
        assertThat(windows.phaseAt(T0.plusSeconds(90))).as("no wait once decided").isZero();
    }

    @Test
    void aRunStoppedMidPhaseEndsItsLastWindowAtItsLastCut() {
        LivePhaseWindows windows = new LivePhaseWindows();
        windows.add(1, T0, T0.plusSeconds(60));
        windows.endedAt(T0.plusSeconds(40));
        assertThat(windows.phaseAt(T0.plusSeconds(39))).isEqualTo(1);
        assertThat(windows.phaseAt(T0.plusSeconds(45))).as("after the last cut, while the operation under way finished").isZero();
    }
}
