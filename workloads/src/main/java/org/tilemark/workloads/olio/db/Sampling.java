package org.tilemark.workloads.olio.db;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/** Distinct random picks from 1..n (Floyd's algorithm: no retries, no n-sized array). */
final class Sampling {

    private Sampling() {
    }

    /**
     * {@code count} distinct ids in 1..{@code n}, never {@code excluded} (0 to exclude nothing),
     * sorted ascending.
     */
    static int[] distinct(SplittableRandom rng, int count, int n, int excluded) {
        int available = excluded >= 1 && excluded <= n ? n - 1 : n;
        if (count > available) {
            throw new IllegalArgumentException("cannot pick " + count + " of " + available);
        }
        // Pick from 1..available, then shift ids at or above the excluded one up by one.
        Set<Integer> chosen = new HashSet<>(count * 2);
        for (int j = available - count + 1; j <= available; j++) {
            int candidate = rng.nextInt(1, j + 1);
            chosen.add(chosen.contains(candidate) ? j : candidate);
        }
        int[] ids = new int[count];
        int i = 0;
        for (int id : chosen) {
            ids[i++] = excluded >= 1 && id >= excluded ? id + 1 : id;
        }
        Arrays.sort(ids);
        return ids;
    }
}
