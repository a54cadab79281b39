package org.tilemark.workloads.dvdstore;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tilemark.workloads.DataAudit;

/**
 * The ids of the orders whose purchase page confirmed them, as the users saw them (8 bytes an order:
 * a day at a busy tile's rate is a few MB), and their audit against the database afterwards.
 */
final class CommittedOrders {

    static final String SUBJECT = "committed orders";
    /** Ids per query: one array parameter, well inside PostgreSQL's message limits. */
    private static final int BATCH = 10_000;

    private long[] ids = new long[1024];
    private int size;

    synchronized void add(long orderId) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
        }
        ids[size++] = orderId;
    }

    synchronized long[] ids() {
        return Arrays.copyOf(ids, size);
    }

    /** Looks every committed order up in {@code database}'s orders table. */
    DataAudit audit(Connection database) throws SQLException {
        long[] committed = ids();
        long missing = 0;
        List<Long> examples = new ArrayList<>();
        try (PreparedStatement find = database.prepareStatement("SELECT orderid FROM orders WHERE orderid = ANY (?)")) {
            for (int from = 0; from < committed.length; from += BATCH) {
                long[] batch = Arrays.copyOfRange(committed, from, Math.min(committed.length, from + BATCH));
                Array array = database.createArrayOf("bigint", Arrays.stream(batch).boxed().toArray());
                find.setArray(1, array);
                Set<Long> found = new HashSet<>();
                try (ResultSet rows = find.executeQuery()) {
                    while (rows.next()) {
                        found.add(rows.getLong(1));
                    }
                }
                array.free();
                for (long id : batch) {
                    if (!found.contains(id)) {
                        missing++;
                        if (examples.size() < DataAudit.EXAMPLES) {
                            examples.add(id);
                        }
                    }
                }
            }
        }
        return new DataAudit(SUBJECT, committed.length, missing, examples);
    }
}
