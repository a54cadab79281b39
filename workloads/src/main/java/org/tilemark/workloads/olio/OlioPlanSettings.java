package org.tilemark.workloads.olio;

import java.nio.file.Path;
import java.time.Duration;
import org.tilemark.workloads.olio.db.OlioScale;

/**
 * The values the stock-JMeter Olio plan is built from, each a JMeter expression: a
 * {@code ${__P(olio.x,default)}} property reference in an exported .jmx so stock JMeter can be pointed
 * anywhere with {@code -Jolio.host=...}, or a literal.
 *
 * @param host              the web VM's host
 * @param port              the web VM's port
 * @param users             concurrent users (JMeter threads)
 * @param durationSeconds   how long the thread group runs
 * @param cycleMs           mean start-to-start gap of one user's operations
 * @param maxCycleFactor    a gap is truncated at this multiple of the mean
 * @param loadedUsers       PERSON rows the database was loaded with (Login picks user1..userN)
 * @param tags              tags the database was loaded with (TagSearch picks tag1..tagN uniformly)
 * @param emptyCachePercent share of users that start with an empty browser cache
 * @param attendPercent     share of (logged-in) EventDetail views that attend the event
 * @param originEpochMs     the schedule's origin; {@code 0} means each thread's own start time
 * @param requestTimeout    connect and response timeout of each request
 * @param uploadDir         directory holding the upload files (see {@link OlioAssets})
 */
public record OlioPlanSettings(String host, String port, String users, String durationSeconds, String cycleMs,
                               String maxCycleFactor, String loadedUsers, String tags, String emptyCachePercent,
                               String attendPercent, String originEpochMs, Duration requestTimeout, String uploadDir) {

    /** Property references with the configuration's values as defaults, for stock JMeter. */
    public static OlioPlanSettings exported(OlioSpec spec, String host, int port, Duration duration, Path assets) {
        return new OlioPlanSettings(property("olio.host", host), property("olio.port", Integer.toString(port)),
                property("olio.users", Integer.toString(spec.users())),
                property("olio.durationSeconds", Long.toString(duration.toSeconds())),
                property("olio.cycleMs", Long.toString(spec.cycleTime().toMillis())),
                property("olio.maxCycleFactor", Double.toString(spec.maxCycleFactor())),
                property("olio.loadedUsers", Integer.toString(spec.loadedUsers())),
                property("olio.tags", Integer.toString(tagsOf(spec))),
                property("olio.emptyCachePercent", Double.toString(spec.emptyCachePercent())),
                property("olio.attendPercent", Double.toString(spec.attendPercent())),
                property("olio.originEpochMs", "0"), spec.requestTimeout(),
                property("olio.uploadDir", assets.toAbsolutePath().toString()));
    }

    private static int tagsOf(OlioSpec spec) {
        return OlioScale.forLoadedUsers(spec.loadedUsers()).tags();
    }

    private static String property(String name, String defaultValue) {
        return "${__P(" + name + "," + defaultValue + ")}";
    }
}
