package org.tilemark.workloads.driver;

import java.time.Duration;
import java.util.Map;
import org.tilemark.workloads.dvdstore.LoadShapeSpec;

/**
 * How many of a workload's users are active at a moment of the run. Users beyond the active count
 * skip their cycles, so the offered load follows the shape exactly.
 */
public interface LoadShape {

    /** The users to start: the most that are ever active. */
    int maxUsers();

    boolean active(int userIndex, Duration sinceStart);

    /** The mean number of active users over a whole period (for the throughput target). */
    double meanActiveUsers();

    /**
     * This shape for users who begin {@code intoRun} after the instant it is timed from: a tile joining a running
     * search is in step with the tiles already running (with a bursty shape, high and low at the same moments).
     */
    default LoadShape joined(Duration intoRun) {
        if (intoRun.isZero()) {
            return this;
        }
        LoadShape shape = this;
        return new LoadShape() {
            public int maxUsers() {
                return shape.maxUsers();
            }

            public boolean active(int userIndex, Duration sinceStart) {
                return shape.active(userIndex, sinceStart.plus(intoRun));
            }

            public double meanActiveUsers() {
                return shape.meanActiveUsers();
            }
        };
    }

    /** Makes the shape a spec names for a workload of {@code users} users. */
    interface Factory {
        LoadShape create(int users, LoadShapeSpec spec);
    }

    /** The shapes by the name a spec gives them ({@link LoadShapeSpec#SHAPES}, which the spec's validation checks). */
    Map<String, Factory> BY_NAME = Map.of(
            LoadShapeSpec.CONSTANT, (users, spec) -> constant(users),
            LoadShapeSpec.BURSTY, (users, spec) -> bursty(users, spec.highFactor(), spec.lowFactor(), spec.period()));

    /** The shape {@code spec} names, for {@code users} users. */
    static LoadShape of(int users, LoadShapeSpec spec) {
        Factory factory = BY_NAME.get(spec.shape());
        if (factory == null) {
            throw new IllegalArgumentException("unknown load shape '" + spec.shape() + "' (expected one of: "
                    + String.join(", ", LoadShapeSpec.SHAPES) + ")");
        }
        return factory.create(users, spec);
    }

    static LoadShape constant(int users) {
        return new LoadShape() {
            public int maxUsers() {
                return users;
            }

            public boolean active(int userIndex, Duration sinceStart) {
                return userIndex < users;
            }

            public double meanActiveUsers() {
                return users;
            }
        };
    }

    /**
     * DVD Store in VMmark is bursty: {@code users x highFactor} users for the first half of every
     * period, {@code users x lowFactor} for the second half. The two counts are rounded together (the
     * low one is what the rounded sum leaves), so their mean is {@code users x (high + low) / 2} to the
     * nearest half user: with the default factors exactly {@code users}, whatever the tile scale made it.
     */
    static LoadShape bursty(int users, double highFactor, double lowFactor, Duration period) {
        int high = (int) Math.round(users * highFactor);
        int low = Math.max(0, (int) Math.round(users * (highFactor + lowFactor)) - high);
        long halfNanos = period.toNanos() / 2;
        return new LoadShape() {
            public int maxUsers() {
                return Math.max(high, low);
            }

            public boolean active(int userIndex, Duration sinceStart) {
                boolean firstHalf = (sinceStart.toNanos() / halfNanos) % 2 == 0;
                return userIndex < (firstHalf ? high : low);
            }

            public double meanActiveUsers() {
                return (high + low) / 2.0;
            }
        };
    }
}
