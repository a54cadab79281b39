package org.tilemark.workloads.dvdstore;

import java.math.BigDecimal;
import java.util.List;

/**
 * The deterministic part of a DVD Store 3 database: for a size and a seed, who the customers are
 * (user names, passwords) and what each product is (title, actor, category, price). The data
 * generator writes exactly these values, so a driver can build valid requests without asking the
 * database. Pure and thread-safe.
 */
public final class Ds3Catalog {

    /** The 16 DS3 categories; category {@code n} is {@code CATEGORY_NAMES.get(n - 1)}. */
    public static final List<String> CATEGORY_NAMES = List.of(
            "Action", "Animation", "Children", "Classics", "Comedy", "Documentary", "Drama", "Family",
            "Foreign", "Games", "Horror", "Music", "New", "Sci-Fi", "Sports", "Travel");

    private static final long SALT_ACTOR = 0x6163746f72L;
    private static final long SALT_CATEGORY = 0x63617465L;
    private static final long SALT_PRICE = 0x7072696365L;

    private final Ds3Size size;
    private final long seed;

    public Ds3Catalog(Ds3Size size, long seed) {
        if (size == null) {
            throw new IllegalArgumentException("size is missing");
        }
        this.size = size;
        this.seed = seed;
    }

    public Ds3Size size() {
        return size;
    }

    public long seed() {
        return seed;
    }

    /** DS3's user name for a loaded customer: {@code "user" + id}. */
    public String username(long customerId) {
        requireCustomer(customerId);
        return "user" + customerId;
    }

    /** DS3 gives every loaded customer the password {@code "password"}. */
    public String password(long customerId) {
        requireCustomer(customerId);
        return "password";
    }

    /** The product's actor, "FIRST LAST" in upper case: a random pair of DS3's 200 x 200 names. */
    public String actorOf(long prodId) {
        long h = hash(SALT_ACTOR, requireProduct(prodId));
        return pick(Ds3Words.ACTOR_FIRST_NAMES, h) + " " + pick(Ds3Words.ACTOR_LAST_NAMES, h >>> 32);
    }

    /** The product's title, as DS3 numbers them: unique up to a million products, the same for every seed. */
    public String titleOf(long prodId) {
        long index = requireProduct(prodId) - 1;
        List<String> words = Ds3Words.TITLE_WORDS;
        return words.get((int) (index / words.size() % words.size())) + " " + words.get((int) (index % words.size()));
    }

    /** The product's category, 1..16. */
    public int categoryOf(long prodId) {
        return (int) Math.floorMod(hash(SALT_CATEGORY, requireProduct(prodId)), (long) CATEGORY_NAMES.size()) + 1;
    }

    /** The product's price, 9.99 to 29.99 in whole-dollar steps (as DS3). */
    public BigDecimal priceOf(long prodId) {
        long dollars = 9 + Math.floorMod(hash(SALT_PRICE, requireProduct(prodId)), 21L);
        return BigDecimal.valueOf(dollars * 100 + 99, 2);
    }

    public static String categoryName(int category) {
        if (category < 1 || category > CATEGORY_NAMES.size()) {
            throw new IllegalArgumentException("category " + category + " is not in 1.." + CATEGORY_NAMES.size());
        }
        return CATEGORY_NAMES.get(category - 1);
    }

    private long hash(long salt, long id) {
        return mix(mix(seed ^ salt) + id);
    }

    /** SplitMix64 finalizer: a cheap, well-spread, stateless hash. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private static String pick(List<String> words, long h) {
        return words.get((int) Math.floorMod(h, (long) words.size()));
    }

    private void requireCustomer(long customerId) {
        if (customerId < 1 || customerId > size.customers()) {
            throw new IllegalArgumentException("customer id " + customerId + " is not in 1.." + size.customers());
        }
    }

    private long requireProduct(long prodId) {
        if (prodId < 1 || prodId > size.products()) {
            throw new IllegalArgumentException("product id " + prodId + " is not in 1.." + size.products());
        }
        return prodId;
    }
}
