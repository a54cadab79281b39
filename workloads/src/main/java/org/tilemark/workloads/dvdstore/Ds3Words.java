package org.tilemark.workloads.dvdstore;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The vocabularies DS3 builds its products and its driver's searches from, at DS3's sizes: 1,000
 * title words, 200 actor first names and 200 last names. Titles take two words by product id, actors
 * a random first and last name; the driver searches random words of the same lists, so, as in DS3,
 * most title and actor searches find nothing while one-word review searches mostly do. The first
 * entries are real words; the rest are made-up syllable words (DS3's own lists are not copied).
 */
public final class Ds3Words {

    /** Title words: DS3 uses 1,000 (titles word[(id-1)/1000 % 1000] + " " + word[(id-1) % 1000]). */
    public static final List<String> TITLE_WORDS = extend(List.of(
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
            "MOUNTAIN", "ODYSSEY", "PHANTOM", "PIRATES", "RIVER", "SHADOW", "STORM", "THUNDER", "VOYAGE"), 1_000, 11);

    /** Actor first names: DS3 uses 200. */
    public static final List<String> ACTOR_FIRST_NAMES = extend(List.of(
            "ADAM", "AL", "ALAN", "ALBERT", "ANGELA", "ANNE", "AUDREY", "BELA", "BEN", "BETTE", "BOB", "BURT",
            "CAMERON", "CARY", "CHARLIZE", "CHRIS", "CUBA", "DAN", "DARYL", "DUSTIN", "ED", "ELVIS", "EMILY",
            "FAY", "FRANCES", "GARY", "GENE", "GINA", "GOLDIE", "GREG", "GRETA", "HARRISON", "HELEN", "JADA",
            "JAMES", "JEFF", "JODIE", "JOHN", "JUDE", "JULIA", "KENNETH", "KEVIN", "KIM", "LAURA", "LUCILLE",
            "MAE", "MATT", "MERYL", "NICK", "OPRAH", "PENELOPE", "RIP", "SANDRA", "SEAN", "SIDNEY", "TOM", "UMA",
            "VAL", "WALTER", "WOODY"), 200, 23);

    /** Actor last names: DS3 uses 200. */
    public static final List<String> ACTOR_LAST_NAMES = extend(List.of(
            "AKROYD", "ALLEN", "ASTAIRE", "BACALL", "BAILEY", "BALE", "BARRYMORE", "BENING", "BERGEN", "BERRY",
            "BOLGER", "BRIDGES", "BRODY", "CAGE", "CARREY", "CHASE", "CRONYN", "CROWE", "DAMON", "DAY-LEWIS",
            "DEAN", "DEE", "DENCH", "DEPP", "DERN", "DREYFUSS", "DUKAKIS", "DUNST", "FAWCETT", "GABLE", "GARLAND",
            "GIBSON", "GOODING", "GRANT", "GUINESS", "HACKMAN", "HARRIS", "HAWKE", "HOFFMAN", "HOPKINS", "HOPPER",
            "HUNT", "JACKMAN", "JOLIE", "KEITEL", "KILMER", "LOLLOBRIGIDA", "MALDEN", "MCQUEEN", "MONROE",
            "NOLTE", "PALTROW", "PECK", "PESCI", "PFEIFFER", "POSEY", "SILVERSTONE", "STREEP", "TRACY", "WOOD"), 200, 37);

    private static final String CONSONANTS = "BDFGKLMNPRSTVZ";
    private static final String VOWELS = "AEIOU";

    private Ds3Words() {
    }

    /** The real words, then distinct three-syllable words (walked with a stride so they look varied). */
    private static List<String> extend(List<String> real, int size, int stride) {
        Set<String> seen = new HashSet<>(real);
        List<String> words = new ArrayList<>(real);
        int syllables = CONSONANTS.length() * VOWELS.length();
        int space = syllables * syllables * syllables;
        for (int i = 0; words.size() < size; i++) {
            int n = (int) ((long) i * stride * 7919 % space);
            String word = (syllable(n % syllables) + syllable(n / syllables % syllables)
                    + syllable(n / syllables / syllables)).toUpperCase(Locale.ROOT);
            if (seen.add(word)) {
                words.add(word);
            }
        }
        return List.copyOf(words);
    }

    private static String syllable(int n) {
        return "" + CONSONANTS.charAt(n / VOWELS.length()) + VOWELS.charAt(n % VOWELS.length());
    }
}
