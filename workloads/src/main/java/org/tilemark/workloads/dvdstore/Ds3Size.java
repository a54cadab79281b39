package org.tilemark.workloads.dvdstore;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DVD Store 3 database size: how many customers and products it holds and how many orders per
 * month of history (12 months are loaded).
 *
 * <p>Base sizes as in DS3: S (10 MB) = 20,000 customers, 10,000 products, 1,000 orders/month;
 * M (1 GB) = 2,000,000 / 100,000 / 100,000; L (100 GB) = 200,000,000 / 1,000,000 / 10,000,000.
 * Custom sizes scale linearly from the base the DS3 installer uses for that magnitude: sizes in MB
 * from S, sizes below 100 GB from M, larger sizes from L; every count is at least 1.
 */
public record Ds3Size(String label, long customers, long products, long ordersPerMonth) {

    public static final int MONTHS_OF_HISTORY = 12;

    public static final Ds3Size S = new Ds3Size("S", 20_000, 10_000, 1_000);
    public static final Ds3Size M = new Ds3Size("M", 2_000_000, 100_000, 100_000);
    public static final Ds3Size L = new Ds3Size("L", 200_000_000, 1_000_000, 10_000_000);

    private static final Pattern CUSTOM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(MB|GB)");
    /** Integer ids (DS3 uses INT keys) cap what one database can hold. */
    private static final long MAX_CUSTOMERS = Integer.MAX_VALUE / 2;

    public Ds3Size {
        if (label == null || label.isBlank()) {
            throw new IllegalArgumentException("DVD Store size label is empty");
        }
        if (customers < 1 || products < 1 || ordersPerMonth < 1) {
            throw new IllegalArgumentException("DVD Store size '" + label + "' needs at least one customer, "
                    + "product and order per month");
        }
    }

    /** Total orders loaded (12 months of history). */
    public long orders() {
        return ordersPerMonth * MONTHS_OF_HISTORY;
    }

    /**
     * Parses {@code S}, {@code M}, {@code L} or a custom size such as {@code 100MB} or {@code 2GB}
     * (case-insensitive).
     *
     * @throws IllegalArgumentException naming the value when it is not a size
     */
    public static Ds3Size parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("DVD Store size is missing (expected S, M, L, or e.g. 100MB / 2GB)");
        }
        String normalized = text.strip().toUpperCase(Locale.ROOT);
        switch (normalized) {
            case "S": return S;
            case "M": return M;
            case "L": return L;
            default: break;
        }
        Matcher matcher = CUSTOM.matcher(normalized);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("invalid DVD Store size '" + text
                    + "' (expected S, M, L, or e.g. 100MB / 2GB)");
        }
        BigDecimal amount = new BigDecimal(matcher.group(1));
        if (amount.signum() <= 0) {
            throw new IllegalArgumentException("invalid DVD Store size '" + text + "': must be larger than zero");
        }
        boolean gigabytes = matcher.group(2).equals("GB");
        Ds3Size base;
        BigDecimal ratio;
        if (!gigabytes) {
            base = S;
            ratio = amount.divide(BigDecimal.TEN);
        } else if (amount.compareTo(BigDecimal.valueOf(100)) < 0) {
            base = M;
            ratio = amount;
        } else {
            base = L;
            ratio = amount.divide(BigDecimal.valueOf(100));
        }
        String label = amount.stripTrailingZeros().toPlainString() + matcher.group(2);
        long customers = scale(base.customers, ratio);
        if (customers > MAX_CUSTOMERS) {
            throw new IllegalArgumentException("invalid DVD Store size '" + text + "': too large");
        }
        return new Ds3Size(label, customers, scale(base.products, ratio), scale(base.ordersPerMonth, ratio));
    }

    private static long scale(long baseCount, BigDecimal ratio) {
        return Math.max(1, BigDecimal.valueOf(baseCount).multiply(ratio).longValue());
    }
}
