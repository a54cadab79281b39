package org.tilemark.workloads.dvdstore;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.tilemark.config.DvdStoreMixSpec;

/**
 * The random parameters of DS3's requests, drawn as DS3's driver draws them: categories uniformly,
 * actors and titles as random words of {@link Ds3Words} (so most searches miss), review searches by
 * one word, get-reviews and order lines from the popularity-weighted product array.
 */
final class OrderRequests {

    /** DS3's get-reviews variants: ordered by helpfulness ("noorder"), one star level, or newest first. */
    static final List<String> REVIEW_ORDERS = List.of("noorder", "star", "date");
    /** DS3 assumes about 20 reviews per product when it picks a review to rate. */
    static final int REVIEWS_PER_PRODUCT = 20;

    private final Ds3Catalog catalog;
    private final ProductPicker products;
    private final DvdStoreMixSpec mix;
    private final RandomGenerator random;

    OrderRequests(Ds3Catalog catalog, DvdStoreMixSpec mix, RandomGenerator random) {
        this.catalog = catalog;
        this.products = new ProductPicker(catalog.size().products());
        this.mix = mix;
        this.random = random;
    }

    /** 1..2n-1, mean n: how DS3 draws every per-order count. */
    int upTo(int mean) {
        return 1 + random.nextInt(Math.max(1, 2 * mean - 1));
    }

    long anyCustomer() {
        return 1 + random.nextLong(catalog.size().customers());
    }

    Map<String, String> newMember() {
        return Map.of("customerid", Long.toString(anyCustomer()), "membershiptype", Integer.toString(1 + random.nextInt(3)));
    }

    Map<String, String> browse() {
        String batch = Integer.toString(upTo(mix.searchBatchSize()));
        return switch (random.nextInt(3)) {
            case 0 -> Map.of("type", "category", "value", Integer.toString(1 + random.nextInt(Ds3Catalog.CATEGORY_NAMES.size())), "batch", batch);
            case 1 -> Map.of("type", "actor", "value", word(Ds3Words.ACTOR_FIRST_NAMES) + " " + word(Ds3Words.ACTOR_LAST_NAMES), "batch", batch);
            default -> Map.of("type", "title", "value", word(Ds3Words.TITLE_WORDS) + " " + word(Ds3Words.TITLE_WORDS), "batch", batch);
        };
    }

    /** DS3 browses reviews by one word: an actor's last name or a title word. */
    Map<String, String> browseReviews() {
        String batch = Integer.toString(upTo(mix.searchBatchSize()));
        boolean byActor = random.nextBoolean();
        return Map.of("type", byActor ? "actor" : "title",
                "value", byActor ? word(Ds3Words.ACTOR_LAST_NAMES) : word(Ds3Words.TITLE_WORDS),
                "batch", batch, "sort", random.nextBoolean() ? "star" : "date");
    }

    /** One star level per order, as DS3 draws it before its get-reviews loop. */
    int stars() {
        return 1 + random.nextInt(5);
    }

    Map<String, String> getReviews(int stars) {
        return Map.of("prod_id", Long.toString(products.pick(random)),
                "type", REVIEW_ORDERS.get(random.nextInt(REVIEW_ORDERS.size())),
                "stars", Integer.toString(stars), "batch", Integer.toString(upTo(mix.searchBatchSize())));
    }

    /** DS3 reviews a uniformly drawn product. */
    Map<String, String> newReview(long customerId, String author) {
        long product = 1 + random.nextLong(catalog.size().products());
        return Map.of("prod_id", Long.toString(product), "customerid", Long.toString(customerId),
                "stars", Integer.toString(1 + random.nextInt(5)),
                "summary", "Review by " + author, "text", "Tilemark review of product " + product);
    }

    /** DS3 rates a uniformly drawn review id (products x 20 of them). */
    Map<String, String> helpfulness(long customerId) {
        long review = 1 + random.nextLong(catalog.size().products() * REVIEWS_PER_PRODUCT);
        return Map.of("review_id", Long.toString(review), "customerid", Long.toString(customerId),
                "helpfulness", Integer.toString(1 + random.nextInt(10)));
    }

    /** 1..2n-1 lines, every one from the popularity-weighted product array, quantity 1..3. */
    String basket() {
        int lines = upTo(mix.nLineItems());
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            if (i > 0) {
                items.append(',');
            }
            items.append(products.pick(random)).append(':').append(1 + random.nextInt(3));
        }
        return items.toString();
    }

    Map<String, String> newCustomer(String username) {
        boolean us = random.nextBoolean();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("firstname", "F" + Long.toHexString(random.nextLong(1L << 40)));
        form.put("lastname", "L" + Long.toHexString(random.nextLong(1L << 40)));
        form.put("address1", random.nextInt(1, 9999) + " Main St");
        form.put("address2", "");
        form.put("city", "City" + random.nextInt(1000));
        form.put("state", us ? "CA" : "");
        form.put("zip", us ? Integer.toString(random.nextInt(10000, 99999)) : "");
        form.put("country", us ? "US" : "Germany");
        form.put("region", us ? "1" : "2");
        form.put("email", username + "@example.com");
        form.put("phone", Long.toString(random.nextLong(1_000_000_000L, 9_999_999_999L)));
        form.put("creditcardtype", Integer.toString(1 + random.nextInt(5)));
        form.put("creditcard", Long.toString(random.nextLong(1_000_000_000_000_000L, 9_999_999_999_999_999L)));
        form.put("creditcardexpiration", String.format("%02d/%02d", 1 + random.nextInt(12), 28 + random.nextInt(5)));
        form.put("username", username);
        form.put("password", "password");
        form.put("age", Integer.toString(18 + random.nextInt(73)));
        form.put("income", Integer.toString(20_000 * (1 + random.nextInt(5))));
        form.put("gender", random.nextBoolean() ? "M" : "F");
        return form;
    }

    private String word(List<String> words) {
        return words.get(random.nextInt(words.size()));
    }
}
