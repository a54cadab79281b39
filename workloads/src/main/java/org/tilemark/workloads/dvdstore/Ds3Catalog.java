package org.tilemark.workloads.dvdstore;

import java.math.BigDecimal;
import java.util.List;

/**
 * The deterministic part of a DVD Store 3 database: for a size and a seed, who the customers are
 * (user names, passwords) and what each product is (title, actor, category, price). The data
 * generator writes exactly these values, so a driver can build valid requests without asking the
 * database (e.g. browse by {@link #actorOf} of a product it picked). Pure and thread-safe.
 */
public final class Ds3Catalog {

    /** The 16 DS3 categories; category {@code n} is {@code CATEGORY_NAMES.get(n - 1)}. */
    public static final List<String> CATEGORY_NAMES = List.of(
            "Action", "Animation", "Children", "Classics", "Comedy", "Documentary", "Drama", "Family",
            "Foreign", "Games", "Horror", "Music", "New", "Sci-Fi", "Sports", "Travel");

    /** Words titles are made of (two per title, upper case as in DS3). */
    public static final List<String> TITLE_WORDS = List.of(
            "ACADEMY", "ACE", "ADAPTATION", "AFFAIR", "AFRICAN", "AGENT", "AIRPLANE", "ALABAMA", "ALADDIN",
            "ALAMO", "ALASKA", "ALIEN", "ALLEY", "ALONE", "AMADEUS", "AMERICAN", "ANACONDA", "ANGELS",
            "ANNIE", "APOLLO", "ARABIA", "ARMAGEDDON", "ATLANTIS", "ATTACKS", "BABY", "BACKLASH", "BADMAN",
            "BALLOON", "BANGER", "BEAR", "BEAST", "BEDAZZLED", "BEHAVIOR", "BILKO", "BIRDS", "BLADE",
            "BLANKET", "BLUES", "BOILED", "BONNIE", "BORN", "BOULEVARD", "BRAVEHEART", "BREAKFAST", "BRIDE",
            "BROTHERHOOD", "BUBBLE", "BULL", "CABIN", "CALIFORNIA", "CANDIDATE", "CAPER", "CARRIE", "CASABLANCA",
            "CHAMBER", "CHARIOTS", "CHICAGO", "CIRCUS", "CLUE", "COAST", "COMMANDMENTS", "CONFIDENTIAL",
            "CROSSING", "CYCLONE", "DANCES", "DARKNESS", "DAWN", "DESERT", "DESTINY", "DETECTIVE", "DINOSAUR",
            "DOCTOR", "DRAGON", "DREAM", "EAGLES", "EARTH", "EGYPT", "EMPIRE", "ENCOUNTERS", "EXPRESS",
            "FANTASY", "FEVER", "FIREBALL", "FLASH", "FOREVER", "FRONTIER", "GALAXY", "GARDEN", "GHOST",
            "GLADIATOR", "GOLDFINGER", "HARBOR", "HORIZON", "ISLAND", "JUNGLE", "KNIGHT", "LEGEND", "MIRACLE",
            "MOUNTAIN", "ODYSSEY", "PHANTOM", "PIRATES", "RIVER", "SHADOW", "STORM", "THUNDER", "VOYAGE");

    public static final List<String> ACTOR_FIRST_NAMES = List.of(
            "ADAM", "AL", "ALAN", "ALBERT", "ANGELA", "ANNE", "AUDREY", "BELA", "BEN", "BETTE", "BOB", "BURT",
            "CAMERON", "CARY", "CHARLIZE", "CHRIS", "CUBA", "DAN", "DARYL", "DUSTIN", "ED", "ELVIS", "EMILY",
            "FAY", "FRANCES", "GARY", "GENE", "GINA", "GOLDIE", "GREG", "GRETA", "HARRISON", "HELEN", "JADA",
            "JAMES", "JEFF", "JODIE", "JOHN", "JUDE", "JULIA", "KENNETH", "KEVIN", "KIM", "LAURA", "LUCILLE",
            "MAE", "MATT", "MERYL", "NICK", "OPRAH", "PENELOPE", "RIP", "SANDRA", "SEAN", "SIDNEY", "TOM", "UMA",
            "VAL", "WALTER", "WOODY");

    public static final List<String> ACTOR_LAST_NAMES = List.of(
            "AKROYD", "ALLEN", "ASTAIRE", "BACALL", "BAILEY", "BALE", "BARRYMORE", "BENING", "BERGEN", "BERRY",
            "BOLGER", "BRIDGES", "BRODY", "CAGE", "CARREY", "CHASE", "CRONYN", "CROWE", "DAMON", "DAY-LEWIS",
            "DEAN", "DEE", "DENCH", "DEPP", "DERN", "DREYFUSS", "DUKAKIS", "DUNST", "FAWCETT", "GABLE", "GARLAND",
            "GIBSON", "GOODING", "GRANT", "GUINESS", "HACKMAN", "HARRIS", "HAWKE", "HOFFMAN", "HOPKINS", "HOPPER",
            "HUNT", "JACKMAN", "JOLIE", "KEITEL", "KILMER", "LOLLOBRIGIDA", "MALDEN", "MCQUEEN", "MONROE",
            "NOLTE", "PALTROW", "PECK", "PESCI", "PFEIFFER", "POSEY", "SILVERSTONE", "STREEP", "TRACY", "WOOD");

    private static final long SALT_TITLE = 0x7469746c65L;
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

    /** The product's actor, "FIRST LAST" in upper case. */
    public String actorOf(long prodId) {
        long h = hash(SALT_ACTOR, requireProduct(prodId));
        return pick(ACTOR_FIRST_NAMES, h) + " " + pick(ACTOR_LAST_NAMES, h >>> 32);
    }

    /** The product's title: two words of {@link #TITLE_WORDS}. */
    public String titleOf(long prodId) {
        long h = hash(SALT_TITLE, requireProduct(prodId));
        return pick(TITLE_WORDS, h) + " " + pick(TITLE_WORDS, h >>> 32);
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
