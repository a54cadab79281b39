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
    void otherSeedOtherActorsButDs3sTitles() {
        Ds3Catalog other = new Ds3Catalog(Ds3Size.S, 43);
        int differentActors = 0;
        for (long id = 1; id <= 100; id++) {
            if (!other.actorOf(id).equals(catalog.actorOf(id))) {
                differentActors++;
            }
            assertThat(other.titleOf(id)).isEqualTo(catalog.titleOf(id));
        }
        assertThat(differentActors).isGreaterThan(90);
        // DS3 numbers titles: the second word runs through the vocabulary, the first every 1,000 products.
        assertThat(catalog.titleOf(1)).isEqualTo(Ds3Words.TITLE_WORDS.get(0) + " " + Ds3Words.TITLE_WORDS.get(0));
        assertThat(catalog.titleOf(1_002)).isEqualTo(Ds3Words.TITLE_WORDS.get(1) + " " + Ds3Words.TITLE_WORDS.get(1));
    }

    @Test
    void vocabulariesHaveDs3sSizesAndDistinctWords() {
        assertThat(Ds3Words.TITLE_WORDS).hasSize(1_000).doesNotHaveDuplicates().allMatch(w -> w.matches("[A-Z]+"));
        assertThat(Ds3Words.ACTOR_FIRST_NAMES).hasSize(200).doesNotHaveDuplicates();
        assertThat(Ds3Words.ACTOR_LAST_NAMES).hasSize(200).doesNotHaveDuplicates();
    }

    @Test
    void valuesAreWellFormedAndSpread() {
        Set<Integer> categories = new HashSet<>();
        Set<String> titles = new HashSet<>();
        for (long id = 1; id <= catalog.size().products(); id++) {
            int category = catalog.categoryOf(id);
            assertThat(category).isBetween(1, 16);
            categories.add(category);
            String[] words = catalog.titleOf(id).split(" ");
            assertThat(words).hasSize(2);
            assertThat(Ds3Words.TITLE_WORDS).contains(words);
            assertThat(catalog.actorOf(id)).matches("[A-Z]+ [A-Z-]+");
            assertThat(catalog.priceOf(id).doubleValue()).isBetween(9.99, 29.99);
            titles.add(catalog.titleOf(id));
        }
        assertThat(categories).hasSize(16);
        assertThat(titles).hasSize((int) catalog.size().products());
    }

    @Test
    void categoryNamesAreDs3s() {
        assertThat(Ds3Catalog.CATEGORY_NAMES).hasSize(16).startsWith("Action").endsWith("Travel").contains("Sci-Fi");
        assertThat(Ds3Catalog.categoryName(14)).isEqualTo("Sci-Fi");
        assertThatThrownBy(() -> Ds3Catalog.categoryName(17)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> catalog.titleOf(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
