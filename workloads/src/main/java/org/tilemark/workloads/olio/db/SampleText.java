package org.tilemark.workloads.olio.db;

import java.util.SplittableRandom;

/** Random but readable text, names, phone numbers, places and time zones for the seeded rows. */
final class SampleText {

    private static final String[] WORDS = {
        "community", "music", "festival", "garden", "market", "night", "open", "workshop", "river", "city",
        "coffee", "jazz", "family", "art", "walk", "books", "food", "summer", "winter", "talk", "film",
        "dance", "club", "meetup", "charity", "run", "bike", "local", "street", "park", "theatre", "choir",
        "science", "history", "kids", "photo", "wine", "tasting", "concert", "lecture", "games", "startup",
        "vintage", "craft", "poetry", "yoga", "picnic", "harbor", "museum", "gallery", "hike", "school",
        "volunteer", "repair", "cafe", "social", "evening", "morning", "weekend", "neighborhood", "language",
        "exchange", "sunset", "lantern"};
    private static final String[] FIRST_NAMES = {
        "Ada", "Ben", "Chloe", "Dev", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kara", "Liam",
        "Maya", "Noah", "Olga", "Pedro", "Quinn", "Rosa", "Sami", "Tara", "Uma", "Victor", "Wen", "Yara"};
    private static final String[] LAST_NAMES = {
        "Anders", "Baker", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Hughes", "Ito", "Jensen",
        "Kowalski", "Lopez", "Moreau", "Nakamura", "Okafor", "Petrov", "Quist", "Rossi", "Silva", "Tanaka"};
    private static final String[] CITIES = {
        "San Francisco", "Oakland", "Palo Alto", "Berkeley", "San Jose", "Sacramento", "Portland", "Seattle",
        "Denver", "Austin", "Chicago", "Boston"};
    private static final String[] STATES = {"CA", "CA", "CA", "CA", "CA", "CA", "OR", "WA", "CO", "TX", "IL", "MA"};
    static final String[] TIME_ZONES = {
        "America/Los_Angeles", "America/Denver", "America/Chicago", "America/New_York", "Europe/London",
        "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney"};

    private SampleText() {
    }

    /** Words joined by spaces, cut to at most {@code maxLength} characters. */
    static String words(SplittableRandom rng, int count, int maxLength) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(WORDS[rng.nextInt(WORDS.length)]);
        }
        return text.length() <= maxLength ? text.toString() : text.substring(0, maxLength).strip();
    }

    static String title(SplittableRandom rng) {
        String words = words(rng, SeededStreams.between(rng, 2, 5), 100);
        return Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }

    static String firstName(SplittableRandom rng) {
        return FIRST_NAMES[rng.nextInt(FIRST_NAMES.length)];
    }

    static String lastName(SplittableRandom rng) {
        return LAST_NAMES[rng.nextInt(LAST_NAMES.length)];
    }

    static String telephone(SplittableRandom rng) {
        return String.format("%03d-%03d-%04d", rng.nextInt(200, 1000), rng.nextInt(100, 1000), rng.nextInt(10_000));
    }

    static String timeZone(SplittableRandom rng) {
        return TIME_ZONES[rng.nextInt(TIME_ZONES.length)];
    }

    /** street1, street2 (may be null), city, state, zip, country, latitude, longitude. */
    static String[] address(SplittableRandom rng) {
        int city = rng.nextInt(CITIES.length);
        return new String[] {
            rng.nextInt(1, 10_000) + " " + WORDS[rng.nextInt(WORDS.length)] + " St",
            rng.nextInt(4) == 0 ? "Suite " + rng.nextInt(1, 500) : null,
            CITIES[city], STATES[city], String.format("%05d", rng.nextInt(10_000, 99_999)), "USA",
            String.format("%.6f", 30 + rng.nextDouble() * 15), String.format("%.6f", -122 + rng.nextDouble() * 50)};
    }
}
