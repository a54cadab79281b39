package org.tilemark.workloads.dvdstore;

import java.math.BigDecimal;
import java.util.List;
import java.util.random.RandomGenerator;

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

    /** The first of the title words (two per title, upper case as in DS3). */
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

    /** DS3's vocabularies: 1,000 title words, 200 actor first names and 200 last names. */
    static final int TITLE_VOCABULARY = 1_000;
    static final int ACTOR_NAMES = 200;
    private static final String SYLLABLE_CONSONANTS = "BDGKLMNPRSTVZ";
    private static final String SYLLABLE_VOWELS = "AEIOU";

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

    /** The product's actor, "FIRST LAST" in upper case: one of DS3's 200 x 200 name pairs, drawn per product. */
    public String actorOf(long prodId) {
        long h = hash(SALT_ACTOR, requireProduct(prodId));
        return actor(Math.floorMod(h, ACTOR_NAMES), Math.floorMod(h >>> 32, ACTOR_NAMES));
    }

    /**
     * The product's title, two of DS3's 1,000 title words laid out as DS3's generator does: the
     * second word runs through the vocabulary product by product, the first moves on every 1,000
     * products (so every title is distinct). The seed only rotates the vocabulary.
     */
    public String titleOf(long prodId) {
        long index = requireProduct(prodId) - 1;
        long h = hash(SALT_TITLE, 0);
        int first = (int) Math.floorMod(index / TITLE_VOCABULARY + h, (long) TITLE_VOCABULARY);
        int second = (int) Math.floorMod(index + (h >>> 32), (long) TITLE_VOCABULARY);
        return titleWord(first) + " " + titleWord(second);
    }

    /** What DS3's driver searches for by actor: a random first and last name (most pairs are nobody's). */
    public static String randomActor(RandomGenerator random) {
        return actor(random.nextInt(ACTOR_NAMES), random.nextInt(ACTOR_NAMES));
    }

    /** What DS3's driver searches for by title: two random title words (most pairs are no title). */
    public static String randomTitle(RandomGenerator random) {
        return titleWord(random.nextInt(TITLE_VOCABULARY)) + " " + titleWord(random.nextInt(TITLE_VOCABULARY));
    }

    /** Title word {@code index} (0..999): the listed words first, then generated ones. */
    static String titleWord(int index) {
        return word(TITLE_WORDS, index, 'T');
    }

    private static String actor(int first, int last) {
        return word(ACTOR_FIRST_NAMES, first, 'F') + " " + word(ACTOR_LAST_NAMES, last, 'L');
    }

    /**
     * DS3's vocabularies are larger than the names listed here; the rest are made-up, pronounceable
     * words (a letter of their own, then consonant-vowel syllables) so a vocabulary keeps DS3's size
     * and its searches DS3's hit rate.
     */
    private static String word(List<String> listed, int index, char kind) {
        if (index < listed.size()) {
            return listed.get(index);
        }
        int n = index - listed.size();
        StringBuilder word = new StringBuilder().append(kind);
        for (int i = 0; i < 3; i++) {
            word.append(SYLLABLE_CONSONANTS.charAt(n % SYLLABLE_CONSONANTS.length()));
            n /= SYLLABLE_CONSONANTS.length();
            word.append(SYLLABLE_VOWELS.charAt(n % SYLLABLE_VOWELS.length()));
            n /= SYLLABLE_VOWELS.length();
        }
        return word.toString();
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
