package org.tilemark.workloads.olio;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import org.tilemark.workloads.olio.db.OlioScale;

/**
 * What one tile's embedded Olio users are told: where the web tier is and how they behave.
 *
 * @param web               the web VM's endpoint
 * @param users             concurrent users (JMeter threads)
 * @param meanCycle         mean start-to-start gap of one user's operations
 * @param maxCycleFactor    a gap is truncated at this multiple of the mean
 * @param loadedUsers       PERSON rows the database was loaded with (Login picks user1..userN)
 * @param tags              tags the database was loaded with (TagSearch picks tag1..tagN uniformly)
 * @param emptyCachePercent share of users that start with an empty browser cache
 * @param attendPercent     share of (logged-in) EventDetail views that attend the event
 * @param origin            the schedule's origin
 * @param requestTimeout    connect and response timeout of each request
 * @param cycleTolerancePercent how much longer than planned a user's cycle may stay open before a cut counts it stuck
 */
record OlioLoad(InetSocketAddress web, int users, Duration meanCycle, double maxCycleFactor, int loadedUsers, int tags,
                double emptyCachePercent, double attendPercent, Instant origin, Duration requestTimeout,
                double cycleTolerancePercent) {

    static OlioLoad of(OlioSpec spec, InetSocketAddress web, Instant origin) {
        return new OlioLoad(web, spec.users(), spec.cycleTime(), spec.maxCycleFactor(), spec.loadedUsers(),
                OlioScale.forLoadedUsers(spec.loadedUsers()).tags(), spec.emptyCachePercent(), spec.attendPercent(),
                origin, spec.requestTimeout(), spec.cycleTimeTolerancePercent());
    }

    /**
     * Whether user {@code threadNumber} (0-based) starts with an empty cache: the empty-cache users are
     * spread evenly over the thread numbers, exactly round(n x p) of the first n.
     */
    boolean startsWithEmptyCache(int threadNumber) {
        double share = emptyCachePercent / 100.0;
        return Math.floor((threadNumber + 1) * share + 1.0e-9) > Math.floor(threadNumber * share + 1.0e-9);
    }
}
