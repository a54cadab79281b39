package org.tilemark.workloads.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.TileScale;

/** LoadGen's deterministic day: fixed counts of each action, spread evenly over the tile's users. */
class MailDayTest {

    /** One scheduled start: when, and what. */
    private record Start(long nanos, MailAction action) {
    }

    private static List<Start> schedule(MailDay day, Duration until) {
        List<Start> starts = new ArrayList<>();
        long at = day.first(null).toNanos();
        while (at < until.toNanos()) {
            starts.add(new Start(at, day.action()));
            at += day.next(null).toNanos();
        }
        return starts;
    }

    private static List<Start> tile(MailSpec spec, long seed, Duration until) {
        List<Start> starts = new ArrayList<>();
        MailDay.forTile(MailAction.mix(spec.actionMix()), spec.tasksPerUserPerDay(), MailDriver.acceleratedDay(spec),
                spec.users(), new SplittableRandom(seed)).forEach(day -> starts.addAll(schedule(day, until)));
        return starts;
    }

    private static MailSpec quickMail() throws Exception {
        // The quick profile's tile, as its driver gets it: users scaled by run.tileScale.
        return TileScale.apply(ConfigLoader.load(java.util.Optional.empty(), Map.of())).workloads().section(MailSpec.class);
    }

    @Test
    void eachUsersDayHoldsTheProfilesCountsOfEveryActionToWithinOne() throws Exception {
        MailSpec spec = ConfigLoader.load(java.util.Optional.empty(), Map.of("run.profile", "standard"))
                .workloads().section(MailSpec.class);
        assertThat(spec.users()).isEqualTo(34);
        Duration day = MailDriver.acceleratedDay(spec); // 16 min
        for (MailDay userDay : MailDay.forTile(MailAction.mix(spec.actionMix()), spec.tasksPerUserPerDay(), day,
                spec.users(), new SplittableRandom(3))) {
            Map<MailAction, Integer> counts = new EnumMap<>(MailAction.class);
            schedule(userDay, day).forEach(s -> counts.merge(s.action(), 1, Integer::sum));
            // MMB per user per day: read 81, delete 32.5 (32 or 33), move 16, send 14.2 (14 or 15), check inbox 12
            assertThat(counts.get(MailAction.READ)).isBetween(80, 82);
            assertThat(counts.get(MailAction.DELETE)).isBetween(32, 33);
            assertThat(counts.get(MailAction.MOVE)).isBetween(15, 17);
            assertThat(counts.get(MailAction.SEND)).isBetween(14, 15);
            assertThat(counts.get(MailAction.BROWSE)).isBetween(11, 13);
            assertThat(counts).doesNotContainKeys(MailAction.LOGON, MailAction.SEARCH); // weight 0 in MMB
        }
    }

    @Test
    void theQuickTilesSendsAreEvenlySpacedSoEveryMinuteHoldsThreeOrFour() throws Exception {
        MailSpec spec = quickMail();
        assertThat(spec.users()).isEqualTo(4); // 34 x 0.07 rounds to 2; minScaledUsers keeps 4
        for (long seed = 1; seed <= 50; seed++) {
            List<Long> sends = tile(spec, seed, Duration.ofMinutes(30)).stream()
                    .filter(s -> s.action() == MailAction.SEND).map(Start::nanos).sorted().toList();
            // 4 users x 14.2 sends in 16 min: one every 16.9 s, so any 60 s window holds 3 or 4 (2 users left
            // 1 or 2, and a random pick per action about 1 phase in 6 without a send, failing the send p95 rule).
            for (long windowStart = 0; windowStart + 60e9 <= 30 * 60e9; windowStart += 1_000_000_000L) {
                long from = windowStart;
                long inWindow = sends.stream().filter(t -> t >= from && t < from + 60_000_000_000L).count();
                assertThat(inWindow).as("sends in the minute from %d s, seed %d", from / 1_000_000_000L, seed)
                        .isBetween(3L, 4L);
            }
        }
    }

    @Test
    void aQuickRunsThreeMeasuredMinutesHoldEveryActionWithinTenPercentOfItsShare() throws Exception {
        MailSpec spec = quickMail();
        double totalWeight = spec.actionMix().values().stream().mapToDouble(Double::doubleValue).sum();
        for (long seed = 1; seed <= 200; seed++) {
            Map<MailAction, Integer> counts = new EnumMap<>(MailAction.class);
            // The quick profile: 30 s of warm-up, then 3 x 60 s measured.
            tile(spec, seed, Duration.ofSeconds(210)).stream().filter(s -> s.nanos() >= Duration.ofSeconds(30).toNanos())
                    .forEach(s -> counts.merge(s.action(), 1, Integer::sum));
            int total = counts.values().stream().mapToInt(Integer::intValue).sum();
            for (Map.Entry<MailAction, Integer> count : counts.entrySet()) {
                double share = spec.actionMix().get(count.getKey().label()) / totalWeight;
                assertThat((double) count.getValue() / total).as("%s of %d actions, seed %d", count.getKey(), total, seed)
                        .isBetween(share * 0.9, share * 1.1);
            }
        }
    }

    @Test
    void eachStartRunsItsOwnActionThoughTheGapToTheNextIsDrawnBeforeItRuns() throws Exception {
        MailSpec spec = quickMail();
        List<MailDay> planned = MailDay.forTile(MailAction.mix(spec.actionMix()), spec.tasksPerUserPerDay(),
                MailDriver.acceleratedDay(spec), spec.users(), new SplittableRandom(9));
        List<MailDay> drawnAhead = MailDay.forTile(MailAction.mix(spec.actionMix()), spec.tasksPerUserPerDay(),
                MailDriver.acceleratedDay(spec), spec.users(), new SplittableRandom(9));
        for (int user = 0; user < spec.users(); user++) {
            List<MailAction> expected = schedule(planned.get(user), Duration.ofMinutes(30)).stream().map(Start::action).toList();
            // OpenLoopUser's order: the next start is drawn when the current one starts, so a cut sees it missed.
            MailDay day = drawnAhead.get(user);
            day.first(null);
            List<MailAction> run = new ArrayList<>();
            while (run.size() < expected.size()) {
                day.next(null);
                run.add(day.action());
            }
            assertThat(run).as("user %d", user).isEqualTo(expected);
        }
    }

    @Test
    void anyStretchHoldsEachActionsShareToWithinOneAndStartsNeverGoBackwards() throws Exception {
        MailSpec spec = quickMail();
        Duration measured = Duration.ofMinutes(3);
        double perMinute = spec.targetActionsPerMinute();
        double totalWeight = spec.actionMix().values().stream().mapToDouble(Double::doubleValue).sum();
        List<Start> starts = tile(spec, 17, Duration.ofMinutes(4)).stream()
                .filter(s -> s.nanos() >= Duration.ofMinutes(1).toNanos()).toList();
        for (MailAction action : List.of(MailAction.SEND, MailAction.READ, MailAction.MOVE, MailAction.DELETE,
                MailAction.BROWSE)) {
            double expected = perMinute * measured.toMinutes() * spec.actionMix().get(action.label()) / totalWeight;
            long count = starts.stream().filter(s -> s.action() == action).count();
            // Each user's stream and the tile's are evenly spaced: within one per user of the exact share.
            assertThat((double) count).as("%s", action).isBetween(expected - spec.users(), expected + spec.users());
        }
        for (MailDay day : MailDay.forTile(MailAction.mix(spec.actionMix()), spec.tasksPerUserPerDay(),
                MailDriver.acceleratedDay(spec), spec.users(), new SplittableRandom(5))) {
            day.first(null);
            for (int i = 0; i < 1000; i++) {
                assertThat(day.next(null)).isGreaterThanOrEqualTo(Duration.ZERO);
            }
        }
    }

    @Test
    void theSameSeedGivesTheSameScheduleAndAnotherSeedAnother() throws Exception {
        MailSpec spec = quickMail();
        assertThat(tile(spec, 9, Duration.ofMinutes(5))).isEqualTo(tile(spec, 9, Duration.ofMinutes(5)))
                .isNotEqualTo(tile(spec, 10, Duration.ofMinutes(5)));
    }

    @Test
    void aMixWithoutWeightIsRefused() {
        assertThatThrownBy(() -> MailDay.forTile(Map.of(MailAction.SEND, 0.0), 10, Duration.ofMinutes(1), 1,
                new SplittableRandom(1))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive mix");
    }

    @Test
    void actionsAreTheConfigsActionsByName() {
        assertThat(java.util.Arrays.stream(MailAction.values()).map(MailAction::label).toList())
                .isEqualTo(MailSpec.ACTIONS);
        assertThatThrownBy(() -> MailAction.named("reply")).hasMessage(
                "unknown mail action 'reply' (known: " + MailSpec.ACTIONS + ")");
    }
}
