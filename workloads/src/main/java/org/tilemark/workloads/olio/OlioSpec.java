package org.tilemark.workloads.olio;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.tilemark.config.OptionalValue;
import org.tilemark.config.TileScale;
import org.tilemark.config.Secrets;
import org.tilemark.config.QosSpec;

/**
 * The Olio (social events) workload of a tile, driven by Faban's rules: each user cycles through a
 * Markov chain of operations with negative-exponential start-to-start gaps. Never holds a password:
 * resolve it with {@link Secrets#resolve} from {@code passwordEnv} or {@code passwordFile} when connecting.
 *
 * @param enabled                   whether the workload runs
 * @param users                     concurrent simulated users per tile
 * @param cycleTime                 mean start-to-start gap of one user's operations (negative exponential)
 * @param maxCycleFactor            a drawn cycle is truncated at {@code maxCycleFactor x cycleTime}
 * @param loadedUsersPerUser        PERSON rows loaded per concurrent user
 * @param minLoadedUsers            fewest PERSON rows loaded, whatever {@code users}
 * @param emptyCachePercent         share of users starting with an empty browser cache, in percent
 * @param attendPercent             share of EventDetail views that add the user as attendee, in percent
 * @param dbUsername                database user of the Olio database
 * @param passwordEnv               name of the environment variable holding the database password
 * @param passwordFile              file holding the database password, or null
 * @param poolSize                  database connections of the Olio web VM
 * @param referenceOpsPerSecond     per-tile throughput that normalizes to a score of 1.0
 * @param qos                       quality-of-service limits, keyed by operation (one of {@link #OPERATIONS})
 * @param mixTolerancePercent       relative band around each operation's target share, in percent of it
 * @param mixToleranceFloorPoints   the band is never narrower than this many percentage points (Faban: 2)
 * @param cycleTimeTolerancePercent largest relative gap between measured and planned mean cycle time
 * @param requestTimeout            how long one HTTP request may take before it counts as failed
 */
public record OlioSpec(boolean enabled, int users, Duration cycleTime, double maxCycleFactor,
        int loadedUsersPerUser, int minLoadedUsers, double emptyCachePercent, double attendPercent,
        String dbUsername, String passwordEnv, @OptionalValue Path passwordFile, int poolSize,
        double referenceOpsPerSecond, QosSpec qos, double mixTolerancePercent, double mixToleranceFloorPoints,
        double cycleTimeTolerancePercent, Duration requestTimeout) {

    /** The operations Olio's driver issues, in Faban's order; QoS limits may name only these. */
    public static final List<String> OPERATIONS = List.of("HomePage", "Login", "Logout", "TagSearch",
            "EventDetail", "PersonDetail", "AddPerson", "AddEvent");

    /** The offered load per tile: {@code users / cycleTime} in seconds (78 with the defaults). */
    public double targetOpsPerSecond() {
        return users / (cycleTime.toNanos() / 1e9);
    }

    /** PERSON rows to load: {@code max(minLoadedUsers, users x loadedUsersPerUser)} (39,000 with the defaults). */
    public int loadedUsers() {
        return (int) Math.min(Integer.MAX_VALUE, Math.max((long) minLoadedUsers, (long) users * loadedUsersPerUser));
    }

    /** This workload at {@code scale}: users (and so loaded users) and reference scaled together ({@link TileScale}). */
    OlioSpec atScale(double scale) {
        int scaled = TileScale.users(users, scale);
        return new OlioSpec(enabled, scaled, cycleTime, maxCycleFactor, loadedUsersPerUser,
                minLoadedUsers, emptyCachePercent, attendPercent, dbUsername, passwordEnv, passwordFile, poolSize,
                TileScale.reference(referenceOpsPerSecond, users, scaled), qos, mixTolerancePercent,
                mixToleranceFloorPoints, cycleTimeTolerancePercent, requestTimeout);
    }
}
