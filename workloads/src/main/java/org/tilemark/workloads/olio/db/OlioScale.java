package org.tilemark.workloads.olio.db;

/**
 * How big an Olio database is, by Faban's Olio scale rules: {@code loadedUsers} persons, tags that
 * grow with the user count along a half-logistic curve (saturating at 5000) and three events per tag.
 */
public record OlioScale(int loadedUsers, int tags, int events) {

    public static final int MIN_LOADED_USERS = 25;
    public static final int MAX_TAGS = 5000;
    /** The half-logistic's scale: at 10,000 users the tag count reaches ~46 % of its maximum. */
    static final double TAG_CURVE_SCALE = 10_000;

    public OlioScale {
        if (loadedUsers < MIN_LOADED_USERS || tags < 1 || events < 1) {
            throw new IllegalArgumentException("an Olio database needs at least " + MIN_LOADED_USERS
                    + " users, one tag and one event (got " + loadedUsers + ", " + tags + ", " + events + ")");
        }
    }

    /** The scale for {@code loadedUsers} persons (at least {@value #MIN_LOADED_USERS}). */
    public static OlioScale forLoadedUsers(int loadedUsers) {
        if (loadedUsers < MIN_LOADED_USERS) {
            throw new IllegalArgumentException("loaded users must be at least " + MIN_LOADED_USERS + ", got " + loadedUsers);
        }
        int tags = (int) Math.max(1, Math.min(MAX_TAGS, Math.round(MAX_TAGS * halfLogistic(loadedUsers, TAG_CURVE_SCALE))));
        return new OlioScale(loadedUsers, tags, 3 * tags);
    }

    /** Faban's rule for a run's concurrent users: 100 loaded users per concurrent user, at least 25. */
    public static int loadedUsersFor(int concurrentUsers) {
        return Math.max(MIN_LOADED_USERS, 100 * concurrentUsers);
    }

    /** (1 − e^(−x/s)) / (1 + e^(−x/s)): 0 at x = 0, rising towards 1. */
    static double halfLogistic(double x, double scale) {
        double decay = Math.exp(-x / scale);
        return (1 - decay) / (1 + decay);
    }
}
