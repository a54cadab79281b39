package org.tilemark.harness.storage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tilemark.config.StorageSpec;
import org.tilemark.workloads.storage.AccessSpec;

/**
 * The classic matrix: {100 % read, 100 % write} x {100 % random, 100 % sequential} x the transfer
 * sizes, all at the configured outstanding I/Os, plus the database-like 70/30 spec. Columns come in
 * the storage papers' order: random write, random read, sequential write, sequential read.
 */
final class StorageMatrix {

    static final List<String> PATTERNS = List.of("random write", "random read", "sequential write", "sequential read");
    static final String DATABASE_LIKE = "70/30 read/write, 4 KB + 64 KB";

    private StorageMatrix() {
    }

    static List<Integer> sizesKb(StorageSpec spec) {
        return Arrays.stream(spec.transferSizesKb().split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .map(Integer::parseInt).toList();
    }

    static List<DataPoint> points(StorageSpec spec) {
        List<DataPoint> points = new ArrayList<>();
        for (int sizeKb : sizesKb(spec)) {
            for (String pattern : PATTERNS) {
                int read = pattern.endsWith("read") ? 100 : 0;
                int random = pattern.startsWith("random") ? 100 : 0;
                points.add(new DataPoint(pattern, sizeKb,
                        AccessSpec.of(sizeKb + "K " + pattern, sizeKb * 1024, read, random, spec.outstandingIos())));
            }
        }
        if (spec.databaseLike()) {
            points.add(new DataPoint(DATABASE_LIKE, 0, AccessSpec.databaseLike(spec.outstandingIos())));
        }
        return points;
    }
}
