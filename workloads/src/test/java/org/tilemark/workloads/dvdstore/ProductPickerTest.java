package org.tilemark.workloads.dvdstore;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ProductPickerTest {

    @Test
    void everyTenThousandthProductIsTenTimesAsPopular() {
        int products = 100_000;
        int draws = 2_000_000;
        ProductPicker picker = new ProductPicker(products);
        SplittableRandom random = new SplittableRandom(2024);
        long[] counts = new long[products + 1];

        long outOfRange = 0;
        for (int i = 0; i < draws; i++) {
            long id = picker.pick(random);
            if (id < 1 || id > products) {
                outOfRange++;
            } else {
                counts[(int) id]++;
            }
        }

        assertThat(outOfRange).isZero();

        long popularTotal = 0;
        long plainTotal = 0;
        for (int id = 1; id <= products; id++) {
            if (id % 10_000 == 0) {
                popularTotal += counts[id];
                assertThat(counts[id]).as("product %d", id).isBetween(120L, 290L);
            } else {
                plainTotal += counts[id];
            }
        }
        double popularMean = popularTotal / 10.0;
        double plainMean = plainTotal / 99_990.0;
        // 10 popular products: about 2,000 draws between them (sd 45), so the ratio is 10 within a few percent.
        assertThat(popularMean / plainMean).isBetween(9.0, 11.0);
        // Slots: 100,000 + 10 x 9 extra; a plain product gets 1 in 100,090 of the draws.
        assertThat(plainMean).isBetween(draws / 100_090.0 * 0.99, draws / 100_090.0 * 1.01);
    }

    @Test
    void smallCatalogsAreUniformAndInRange() {
        ProductPicker picker = new ProductPicker(5);
        SplittableRandom random = new SplittableRandom(1);
        long[] counts = new long[6];

        for (int i = 0; i < 50_000; i++) {
            counts[(int) picker.pick(random)]++;
        }

        assertThat(counts[0]).isZero();
        for (int id = 1; id <= 5; id++) {
            assertThat(counts[id]).as("product %d", id).isBetween(9_500L, 10_500L);
        }
    }

    @Test
    void theLastProductOfAnExactMultipleIsPopular() {
        ProductPicker picker = new ProductPicker(10_000);
        SplittableRandom random = new SplittableRandom(3);
        long last = 0;
        long first = 0;

        long outOfRange = 0;
        for (int i = 0; i < 1_000_000; i++) {
            long id = picker.pick(random);
            if (id < 1 || id > 10_000) {
                outOfRange++;
            } else if (id == 10_000) {
                last++;
            } else if (id == 1) {
                first++;
            }
        }

        assertThat(outOfRange).isZero();
        // 10,009 slots: product 10,000 owns 10 of them (about 999 draws), product 1 one (about 100).
        assertThat(last).isBetween(850L, 1_150L);
        assertThat(first).isBetween(60L, 140L);
    }
}
