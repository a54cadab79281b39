package org.tilemark.workloads.dvdstore;

import java.time.Duration;
import java.util.List;
import org.tilemark.config.TileScale;
import org.tilemark.config.QosSpec;

/**
 * The DVD Store workload of a tile.
 *
 * @param enabled                   whether the workload runs
 * @param size                      database size: {@code S}, {@code M}, {@code L}, {@code <n>MB} or {@code <n>GB}
 * @param webServers                number of store-front VMs per tile
 * @param users                     simulated users per tile, spread over the web servers
 * @param thinkTime                 mean gap between one user's intended order starts (uniform 0..2x)
 * @param load                      how the offered load varies over time
 * @param mix                       the DVD Store 3 order mix parameters
 * @param database                  where the store's database lives
 * @param referenceOrdersPerMinute  per-tile throughput that normalizes to a score of 1.0
 * @param qos                       quality-of-service limits
 * @param requestTimeout            how long one HTTP request may take before it counts as failed
 */
public record DvdStoreSpec(boolean enabled, String size, int webServers, int users, Duration thinkTime,
        LoadShapeSpec load, DvdStoreMixSpec mix, DatabaseSpec database, double referenceOrdersPerMinute,
        QosSpec qos, Duration requestTimeout) {

    /** The pages of a DS3 order, as its driver names them; QoS limits are keyed by these. */
    public static final List<String> OPERATIONS = List.of("login", "newCustomer", "newMember", "browse", "browseReviews",
            "getReviews", "newReview", "helpfulness", "purchase", "order");

    /** This workload at {@code scale}: users and reference scaled together ({@link TileScale}). */
    DvdStoreSpec atScale(double scale) {
        int scaled = TileScale.users(users, scale);
        return new DvdStoreSpec(enabled, size, webServers, scaled, thinkTime, load, mix, database,
                TileScale.reference(referenceOrdersPerMinute, users, scaled), qos, requestTimeout);
    }
}
