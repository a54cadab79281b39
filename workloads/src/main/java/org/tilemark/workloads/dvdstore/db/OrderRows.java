package org.tilemark.workloads.dvdstore.db;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.SplittableRandom;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.dvdstore.Ds3Size;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;

/**
 * Twelve months of order history: ORDERS, ORDERLINES and CUST_HIST. Each order has 1–9 lines
 * (5 on average), quantities 1–3, and 8.25 % tax; CUST_HIST holds one row per order line. Any
 * order can be regenerated from its id alone, so the three tables are streamed one after the other.
 */
final class OrderRows {

    static final String ORDER_COLUMNS = "orderid, orderdate, customerid, netamount, tax, totalamount";
    static final String ORDERLINE_COLUMNS = "orderlineid, orderid, prod_id, quantity, orderdate";
    static final String CUST_HIST_COLUMNS = "customerid, orderid, prod_id";
    static final BigDecimal TAX_RATE = new BigDecimal("0.0825");
    static final int MAX_LINES = 9;
    static final int HISTORY_YEAR = 2025;

    private static final long SALT_ORDER = 0x6f72646572L;

    /** One generated order; {@code prodIds[i]} was bought {@code quantities[i]} times. */
    record Order(long orderId, long customerId, LocalDate date, long[] prodIds, int[] quantities,
                 long netCents, long taxCents) {
        int lines() {
            return prodIds.length;
        }
    }

    private final Ds3Catalog catalog;
    private final EntityRandom random;

    OrderRows(Ds3Catalog catalog, EntityRandom random) {
        this.catalog = catalog;
        this.random = random;
    }

    long orders() {
        return catalog.size().orders();
    }

    /** Orders are numbered month by month: ids of month m (1..12) follow those of month m-1. */
    Order order(long orderId) {
        Ds3Size size = catalog.size();
        int month = (int) ((orderId - 1) / size.ordersPerMonth()) + 1;
        SplittableRandom rng = random.of(SALT_ORDER, orderId);
        LocalDate firstOfMonth = LocalDate.of(HISTORY_YEAR, month, 1);
        LocalDate date = firstOfMonth.plusDays(rng.nextInt(firstOfMonth.lengthOfMonth()));
        long customerId = EntityRandom.between(rng, 1L, size.customers());
        int lines = EntityRandom.between(rng, 1, MAX_LINES);
        long[] prodIds = new long[lines];
        int[] quantities = new int[lines];
        long netCents = 0;
        for (int i = 0; i < lines; i++) {
            prodIds[i] = EntityRandom.between(rng, 1L, size.products());
            quantities[i] = EntityRandom.between(rng, 1, 3);
            netCents += catalog.priceOf(prodIds[i]).movePointRight(2).longValueExact() * quantities[i];
        }
        return new Order(orderId, customerId, date, prodIds, quantities, netCents, taxCents(netCents));
    }

    static long taxCents(long netCents) {
        return BigDecimal.valueOf(netCents).multiply(TAX_RATE).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    void writeOrders(CopyTextWriter out) {
        for (long id = 1; id <= orders(); id++) {
            Order order = order(id);
            out.add(id).add(order.date().toString()).add(order.customerId())
                    .add(EntityRandom.money(order.netCents()))
                    .add(EntityRandom.money(order.taxCents()))
                    .add(EntityRandom.money(order.netCents() + order.taxCents()));
            out.endRow();
        }
    }

    /** Writes ORDERLINES and returns units sold per product id (index = prod_id). */
    int[] writeOrderLines(CopyTextWriter out) {
        int[] sales = new int[Math.toIntExact(catalog.size().products() + 1)];
        for (long id = 1; id <= orders(); id++) {
            Order order = order(id);
            String date = order.date().toString();
            for (int line = 0; line < order.lines(); line++) {
                out.add(line + 1).add(id).add(order.prodIds()[line]).add(order.quantities()[line]).add(date);
                out.endRow();
                sales[(int) order.prodIds()[line]] += order.quantities()[line];
            }
        }
        return sales;
    }

    void writeCustHist(CopyTextWriter out) {
        for (long id = 1; id <= orders(); id++) {
            Order order = order(id);
            for (int line = 0; line < order.lines(); line++) {
                out.add(order.customerId()).add(id).add(order.prodIds()[line]);
                out.endRow();
            }
        }
    }
}
