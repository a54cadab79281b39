package org.tilemark.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.dvdstore.DvdStoreSpec;
import org.tilemark.workloads.mail.MailSpec;
import org.tilemark.workloads.olio.OlioSpec;
import org.tilemark.workloads.standby.StandbySpec;

class TileScaleConfigTest {

    @Test
    void theStandardTileIsScaleOneAndQuickRunsASeventhOfIt() throws ConfigException {
        assertThat(ConfigLoader.standard().run().tileScale()).isEqualTo(1.0);
        assertThat(ConfigLoader.load(Optional.empty(), Map.of()).run().tileScale()).isEqualTo(0.07);
        assertThat(ConfigLoader.load(Optional.empty(), Map.of("run.tileScale", "0.5")).run().tileScale()).isEqualTo(0.5);
    }

    @Test
    void theStandardTileOffersAThirdOfTheBlogsThreeTiles() {
        WorkloadsSpec w = ConfigLoader.standard().workloads();
        // VROOM! (Dec 2010), 3 tiles: ~220 DVD Store operations/s, 16 mail actions/s, 235 Olio operations/s
        double ordersPerSecond = w.section(DvdStoreSpec.class).users() * 60.0 / w.section(DvdStoreSpec.class).thinkTime().toSeconds() / 60;
        assertThat(3 * ordersPerSecond).isCloseTo(220, within(1.0));
        assertThat(3 * w.section(MailSpec.class).targetActionsPerMinute() / 60).isCloseTo(16, within(0.6));
        assertThat(3 * w.section(OlioSpec.class).targetOpsPerSecond()).isCloseTo(235, within(1.5));
        assertThat(w.section(DvdStoreSpec.class).referenceOrdersPerMinute()).isEqualTo(ordersPerSecond * 60);
        assertThat(w.section(MailSpec.class).referenceActionsPerMinute()).isCloseTo(w.section(MailSpec.class).targetActionsPerMinute(), within(1e-9));
        assertThat(w.section(OlioSpec.class).referenceOpsPerSecond()).isCloseTo(w.section(OlioSpec.class).targetOpsPerSecond(), within(1e-9));
    }

    @Test
    void usersAndReferencesScaleTogetherWithAtLeastOneUser() throws ConfigException {
        BenchmarkSpec quick = ConfigLoader.load(Optional.empty(), Map.of());
        BenchmarkSpec scaled = TileScale.apply(quick);

        WorkloadsSpec w = scaled.workloads();
        assertThat(w.section(DvdStoreSpec.class).users()).isEqualTo(31);          // 440 x 0.07 = 30.8
        assertThat(w.section(DvdStoreSpec.class).referenceOrdersPerMinute()).isCloseTo(310, within(1e-9));
        assertThat(w.section(MailSpec.class).users()).isEqualTo(4);                // 34 x 0.07 = 2.38, below minScaledUsers 4
        assertThat(w.section(MailSpec.class).referenceActionsPerMinute()).isCloseTo(w.section(MailSpec.class).targetActionsPerMinute(), within(1e-9));
        assertThat(w.section(OlioSpec.class).users()).isEqualTo(27);               // 390 x 0.07 = 27.3
        assertThat(w.section(OlioSpec.class).referenceOpsPerSecond()).isCloseTo(w.section(OlioSpec.class).targetOpsPerSecond(), within(1e-9));
        assertThat(w.section(OlioSpec.class).loadedUsers()).isEqualTo(2700);
        assertThat(w.section(StandbySpec.class)).isEqualTo(quick.workloads().section(StandbySpec.class));
        assertThat(scaled.run().tileScale()).isEqualTo(1.0);
        assertThat(TileScale.apply(scaled)).isEqualTo(scaled);

        BenchmarkSpec tiny = TileScale.apply(ConfigLoader.load(Optional.empty(), Map.of("run.tileScale", "0.0001")));
        assertThat(List.of(tiny.workloads().section(DvdStoreSpec.class).users(), tiny.workloads().section(OlioSpec.class).users())).containsOnly(1);
        assertThat(tiny.workloads().section(MailSpec.class).users()).isEqualTo(4);
        assertThat(tiny.workloads().section(DvdStoreSpec.class).referenceOrdersPerMinute()).isCloseTo(4400.0 / 440, within(1e-9));
        assertThat(tiny.workloads().section(MailSpec.class).referenceActionsPerMinute()).isCloseTo(tiny.workloads().section(MailSpec.class).targetActionsPerMinute(),
                within(1e-9));
        // A tile configured with fewer mail users than the floor keeps all of them, and no more.
        BenchmarkSpec fewMail = TileScale.apply(ConfigLoader.load(Optional.empty(), Map.of("workloads.mail.users", "3")));
        assertThat(fewMail.workloads().section(MailSpec.class).users()).isEqualTo(3);
    }

    @Test
    void scaleOneChangesNothing() {
        BenchmarkSpec standard = ConfigLoader.standard();
        assertThat(TileScale.apply(standard)).isSameAs(standard);
    }

    @Test
    void badScalesNameTheKey() {
        assertThat(errorsOf("0")).containsExactly("run.tileScale: must be > 0 (got 0)");
        assertThat(errorsOf("-0.5")).containsExactly("run.tileScale: must be > 0 (got -0.5)");
        assertThat(errorsOf("101")).containsExactly(
                "run.tileScale: must be <= 100 (got 101; a sanity limit, not a machine limit)");
        assertThat(errorsOf("abc")).singleElement().asString().startsWith("run.tileScale: ").contains("abc");
        assertThat(errorsOf(".nan")).singleElement().asString().startsWith("run.tileScale: ");
    }

    @Test
    void thePerTileUserLimitJudgesTheUsersATileRuns() throws ConfigException {
        assertThat(userErrors("1000000")).isEmpty(); // 70,000 at the quick profile's 0.07
        assertThat(userErrors("2000000")).containsExactly("workloads.dvdstore.users: must be <= 100000 (a sanity limit "
                + "per tile, not a machine limit: a tile's load is set by its users) (got 2000000, 140000 at run.tileScale 0.07)");
    }

    private static List<String> userErrors(String users) throws ConfigException {
        BenchmarkSpec spec = ConfigLoader.load(Optional.empty(), Map.of("workloads.dvdstore.users", users));
        return ConfigLoader.machineErrors(spec).stream().filter(e -> e.startsWith("workloads.dvdstore.users")).toList();
    }

    private static List<String> errorsOf(String scale) {
        try {
            ConfigLoader.load(Optional.empty(), Map.of("run.tileScale", scale));
            return List.of();
        } catch (ConfigException e) {
            return e.errors();
        }
    }
}
