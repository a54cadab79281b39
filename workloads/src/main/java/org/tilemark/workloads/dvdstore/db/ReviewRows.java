package org.tilemark.workloads.dvdstore.db;

import java.time.LocalDate;
import java.util.List;
import java.util.SplittableRandom;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;

/**
 * REVIEWS (about 20 per product: 10–30) and REVIEWS_HELPFULNESS (3–40 ratings of 1–10 per
 * review). Texts are a few tens of words so the small size stays near its nominal volume.
 */
final class ReviewRows {

    static final String REVIEW_COLUMNS = "review_id, prod_id, review_date, stars, customerid, review_summary, review_text";
    static final String HELPFULNESS_COLUMNS = "review_helpfulness_id, review_id, customerid, helpfulness";
    static final int MIN_REVIEWS_PER_PRODUCT = 10;
    static final int MAX_REVIEWS_PER_PRODUCT = 30;
    static final int MIN_HELPFULNESS_PER_REVIEW = 3;
    static final int MAX_HELPFULNESS_PER_REVIEW = 40;

    private static final long SALT_REVIEW_COUNT = 0x72636e74L;
    private static final long SALT_REVIEW = 0x72657669L;
    private static final long SALT_HELPFUL = 0x68656c70L;
    private static final LocalDate FIRST_REVIEW_DAY = LocalDate.of(OrderRows.HISTORY_YEAR, 1, 1);
    private static final List<String> SUMMARY_WORDS = List.of(
            "great", "fun", "boring", "classic", "must", "see", "weak", "plot", "superb", "acting", "slow",
            "start", "loved", "it", "not", "for", "kids", "family", "night", "again", "once", "was", "enough");
    private static final List<String> TEXT_WORDS = List.of(
            "the", "movie", "story", "actor", "scene", "music", "ending", "was", "is", "really", "quite", "very",
            "good", "bad", "funny", "sad", "long", "short", "worth", "watching", "twice", "director", "cast",
            "camera", "dialog", "pace", "and", "but", "with", "a", "of", "my", "kids", "friends", "liked", "hated",
            "surprising", "predictable", "beautiful", "dark", "light", "memorable", "forgettable", "sequel");

    private final Ds3Catalog catalog;
    private final EntityRandom random;

    ReviewRows(Ds3Catalog catalog, EntityRandom random) {
        this.catalog = catalog;
        this.random = random;
    }

    int reviewsOf(long prodId) {
        return EntityRandom.between(random.of(SALT_REVIEW_COUNT, prodId), MIN_REVIEWS_PER_PRODUCT, MAX_REVIEWS_PER_PRODUCT);
    }

    void writeReviews(CopyTextWriter out) {
        long reviewId = 0;
        long customers = catalog.size().customers();
        for (long prodId = 1; prodId <= catalog.size().products(); prodId++) {
            int reviews = reviewsOf(prodId);
            for (int i = 0; i < reviews; i++) {
                reviewId++;
                SplittableRandom rng = random.of(SALT_REVIEW, reviewId);
                out.add(reviewId)
                        .add(prodId)
                        .add(FIRST_REVIEW_DAY.plusDays(rng.nextInt(365)).toString())
                        .add(EntityRandom.between(rng, 1, 5))
                        .add(EntityRandom.between(rng, 1L, customers))
                        .add(words(rng, SUMMARY_WORDS, EntityRandom.between(rng, 2, 5)))
                        .add(words(rng, TEXT_WORDS, EntityRandom.between(rng, 10, 30)));
                out.endRow();
            }
        }
    }

    void writeHelpfulness(CopyTextWriter out) {
        long reviewId = 0;
        long helpfulnessId = 0;
        long customers = catalog.size().customers();
        for (long prodId = 1; prodId <= catalog.size().products(); prodId++) {
            int reviews = reviewsOf(prodId);
            for (int i = 0; i < reviews; i++) {
                reviewId++;
                SplittableRandom rng = random.of(SALT_HELPFUL, reviewId);
                int ratings = EntityRandom.between(rng, MIN_HELPFULNESS_PER_REVIEW, MAX_HELPFULNESS_PER_REVIEW);
                for (int r = 0; r < ratings; r++) {
                    out.add(++helpfulnessId).add(reviewId)
                            .add(EntityRandom.between(rng, 1L, customers))
                            .add(EntityRandom.between(rng, 1, 10));
                    out.endRow();
                }
            }
        }
    }

    private static String words(SplittableRandom rng, List<String> vocabulary, int count) {
        StringBuilder text = new StringBuilder(count * 8);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(vocabulary.get(rng.nextInt(vocabulary.size())));
        }
        return text.toString();
    }
}
