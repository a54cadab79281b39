package org.tilemark.workloads.dvdstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class Ds3CatalogTest {

    private final Ds3Catalog catalog = new Ds3Catalog(Ds3Size.S, 42);

    @Test
    void customersFollowDs3Naming() {
        assertThat(catalog.username(17)).isEqualTo("user17");
        assertThat(catalog.password(17)).isEqualTo("password");
        assertThatThrownBy(() -> catalog.username(20_001)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sameSeedSameProducts() {
        Ds3Catalog again = new Ds3Catalog(Ds3Size.S, 42);
        for (long id = 1; id <= 500; id++) {
            assertThat(again.titleOf(id)).isEqualTo(catalog.titleOf(id));
            assertThat(again.actorOf(id)).isEqualTo(catalog.actorOf(id));
            assertThat(again.categoryOf(id)).isEqualTo(catalog.categoryOf(id));
            assertThat(again.priceOf(id)).isEqualTo(catalog.priceOf(id));
        }
    }

    @Test
    void otherSeedOtherProducts() {
        Ds3Catalog other = new Ds3Catalog(Ds3Size.S, 43);
        int differentTitles = 0;
        for (long id = 1; id <= 100; id++) {
            if (!other.titleOf(id).equals(catalog.titleOf(id))) {
                differentTitles++;
            }
        }
        assertThat(differentTitles).isGreaterThan(90);
    }

    @Test
    void valuesAreWellFormedAndSpread() {
        Set<String> vocabulary = new HashSet<>();
        for (int i = 0; i < Ds3Catalog.TITLE_VOCABULARY; i++) {
            vocabulary.add(Ds3Catalog.titleWord(i));
        }
        Set<Integer> categories = new HashSet<>();
        Set<String> titles = new HashSet<>();
        for (long id = 1; id <= catalog.size().products(); id++) {
            int category = catalog.categoryOf(id);
            assertThat(category).isBetween(1, 16);
            categories.add(category);
            String[] words = catalog.titleOf(id).split(" ");
            assertThat(words).hasSize(2);
            assertThat(vocabulary).contains(words);
            assertThat(catalog.actorOf(id)).matches("[A-Z]+ [A-Z-]+");
            assertThat(catalog.priceOf(id).doubleValue()).isBetween(9.99, 29.99);
            titles.add(catalog.titleOf(id));
        }
        assertThat(categories).hasSize(16);
        assertThat(titles.size()).isGreaterThan(5_000);
    }

    @Test
    void vocabulariesHaveDs3sSizes() {
        Set<String> titleWords = new HashSet<>();
        for (int i = 0; i < Ds3Catalog.TITLE_VOCABULARY; i++) {
            titleWords.add(Ds3Catalog.titleWord(i));
        }
        assertThat(titleWords).hasSize(1_000).containsAll(Ds3Catalog.TITLE_WORDS).allSatisfy(w -> assertThat(w).matches("[A-Z]+"));
        Set<String> firstNames = new HashSet<>();
        Set<String> lastNames = new HashSet<>();
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        for (int i = 0; i < 20_000; i++) {
            String[] actor = Ds3Catalog.randomActor(random).split(" ");
            firstNames.add(actor[0]);
            lastNames.add(actor[1]);
        }
        // 200 first names x 200 last names, as DS3's driver and generator use.
        assertThat(firstNames).hasSize(200).containsAll(Ds3Catalog.ACTOR_FIRST_NAMES);
        assertThat(lastNames).hasSize(200).containsAll(Ds3Catalog.ACTOR_LAST_NAMES);
        // DS3's title layout: the first word moves on every 1,000 products, so titles are distinct.
        assertThat(catalog.titleOf(1).split(" ")[0]).isEqualTo(catalog.titleOf(1_000).split(" ")[0])
                .isNotEqualTo(catalog.titleOf(1_001).split(" ")[0]);
    }

    @Test
    void categoryNamesAreDs3s() {
        assertThat(Ds3Catalog.CATEGORY_NAMES).hasSize(16).startsWith("Action").endsWith("Travel").contains("Sci-Fi");
        assertThat(Ds3Catalog.categoryName(14)).isEqualTo("Sci-Fi");
        assertThatThrownBy(() -> Ds3Catalog.categoryName(17)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> catalog.titleOf(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
