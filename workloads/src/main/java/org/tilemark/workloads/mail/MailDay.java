package org.tilemark.workloads.mail;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.tilemark.workloads.driver.OpenLoopUser;
import org.tilemark.workloads.driver.ThinkTime;

/**
 * One user's accelerated workday as Exchange Load Generator runs it: a fixed count of each action a
 * day, spread evenly over the day ("the deterministic way (spreading a fixed load for a fixed number
 * of hours)", TechNet bb508896), not one random pick per action. An action done {@code c} times a day
 * recurs every {@code day / c}; within that period the tile's users are staggered evenly from an offset
 * drawn once per tile and action, so the tile's stream of each action is evenly spaced too and any
 * stretch of the run holds its share of every action to within one.
 * <p>
 * {@link OpenLoopUser}'s plan draws a start before the starts before it have run (a cut draws on to its own time to
 * see every start missed while a cycle hangs); {@link #action()} is therefore the action of the oldest start drawn
 * and not yet run, not of the last one drawn. Thread-safe: a cut's thread draws while the user's runs an action.
 */
final class MailDay implements ThinkTime {

    /** One action's evenly spaced starts: the k-th at {@code (k + phase) x period}. */
    private static final class Recurrence {
        private final MailAction action;
        private final double periodNanos;
        private final double phase;
        private long count;

        Recurrence(MailAction action, double periodNanos, double phase) {
            this.action = action;
            this.periodNanos = periodNanos;
            this.phase = phase;
        }

        long nextNanos() {
            return (long) ((count + phase) * periodNanos);
        }
    }

    private final List<Recurrence> recurrences;
    /** The actions of the starts drawn and not yet run, oldest first (every start is run: mail's load is constant). */
    private final ArrayDeque<MailAction> drawn = new ArrayDeque<>();
    private long currentNanos;

    private MailDay(List<Recurrence> recurrences) {
        this.recurrences = recurrences;
    }

    /**
     * The days of a tile's {@code users}: {@code tasksPerDay} actions a day shared by {@code mix}'s
     * weights (actions weighing 0 never happen), over a {@code day} already shortened by acceleration.
     */
    static List<MailDay> forTile(Map<MailAction, Double> mix, double tasksPerDay, Duration day, int users,
                                 RandomGenerator random) {
        double totalWeight = mix.values().stream().mapToDouble(Double::doubleValue).sum();
        if (!(totalWeight > 0) || !(tasksPerDay > 0) || users < 1) {
            throw new IllegalArgumentException("a mail day needs a positive mix, tasks per day and users: " + mix
                    + ", " + tasksPerDay + ", " + users);
        }
        Map<MailAction, Double> tileOffsets = new EnumMap<>(MailAction.class);
        mix.forEach((action, weight) -> tileOffsets.put(action, random.nextDouble()));
        List<MailDay> days = new ArrayList<>();
        for (int user = 0; user < users; user++) {
            List<Recurrence> recurrences = new ArrayList<>();
            for (Map.Entry<MailAction, Double> entry : mix.entrySet()) {
                double perDay = tasksPerDay * entry.getValue() / totalWeight;
                if (perDay > 0) {
                    double phase = (user + tileOffsets.get(entry.getKey())) / users;
                    recurrences.add(new Recurrence(entry.getKey(), day.toNanos() / perDay, phase));
                }
            }
            days.add(new MailDay(recurrences));
        }
        return days;
    }

    /** The offset of this user's first action from the origin. */
    @Override
    public synchronized Duration first(RandomGenerator unused) {
        advance();
        return Duration.ofNanos(currentNanos);
    }

    @Override
    public synchronized Duration next(RandomGenerator unused) {
        long before = currentNanos;
        advance();
        return Duration.ofNanos(currentNanos - before);
    }

    /** The action of the oldest start drawn and not yet run: the one the user runs now. */
    synchronized MailAction action() {
        return drawn.removeFirst();
    }

    private void advance() {
        Recurrence soonest = recurrences.getFirst();
        for (Recurrence recurrence : recurrences) {
            if (recurrence.nextNanos() < soonest.nextNanos()) {
                soonest = recurrence;
            }
        }
        drawn.addLast(soonest.action);
        currentNanos = soonest.nextNanos();
        soonest.count++;
    }
}
