package org.tilemark.workloads.dvdstore.web;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * DS3's purchase: in one transaction take the stock, insert ORDERS, ORDERLINES and CUST_HIST;
 * when any product is short, roll everything back.
 */
class PurchaseService {

    static final BigDecimal TAX_RATE = new BigDecimal("0.0825");

    /** Takes stock only if enough is left; returns the price. Rows are locked in prod_id order (no deadlocks). */
    private static final String TAKE_STOCK = """
            UPDATE inventory i SET quan_in_stock = i.quan_in_stock - ?, sales = i.sales + ?
            FROM products p
            WHERE i.prod_id = ? AND p.prod_id = i.prod_id AND i.quan_in_stock >= ?
            RETURNING p.price""";
    private static final String INSERT_ORDER = """
            INSERT INTO orders (orderdate, customerid, netamount, tax, totalamount)
            VALUES (current_date, ?, ?, ?, ?) RETURNING orderid""";

    /** Why a purchase was rolled back (HTTP 200 with a rollback marker, as DS3 counts rollbacks). */
    static final class InsufficientStockException extends RuntimeException {
        private final int prodId;

        InsufficientStockException(int prodId) {
            super("insufficient stock for product " + prodId, null, false, false);
            this.prodId = prodId;
        }

        int prodId() {
            return prodId;
        }
    }

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;

    PurchaseService(JdbcTemplate jdbc, TransactionTemplate transaction) {
        this.jdbc = jdbc;
        this.transaction = transaction;
    }

    /**
     * @param quantities product id → quantity, iterated in ascending product id
     * @return the new order id
     * @throws InsufficientStockException after rolling back, when a product is short
     */
    int purchase(int customerId, SortedMap<Integer, Integer> quantities) {
        Integer orderId = transaction.execute(status -> {
            if (jdbc.queryForList("SELECT 1 FROM customers WHERE customerid = ?", Integer.class, customerId).isEmpty()) {
                throw new BadRequestException("unknown customer " + customerId);
            }
            BigDecimal net = BigDecimal.ZERO;
            for (Map.Entry<Integer, Integer> item : quantities.entrySet()) {
                int prodId = item.getKey();
                int quantity = item.getValue();
                List<BigDecimal> price = jdbc.queryForList(TAKE_STOCK, BigDecimal.class, quantity, quantity, prodId, quantity);
                if (price.isEmpty()) {
                    if (jdbc.queryForList("SELECT 1 FROM inventory WHERE prod_id = ?", Integer.class, prodId).isEmpty()) {
                        throw new BadRequestException("unknown product " + prodId);
                    }
                    throw new InsufficientStockException(prodId);
                }
                net = net.add(price.get(0).multiply(BigDecimal.valueOf(quantity)));
            }
            BigDecimal tax = net.multiply(TAX_RATE).setScale(2, RoundingMode.HALF_UP);
            int id = jdbc.queryForObject(INSERT_ORDER, Integer.class, customerId, net, tax, net.add(tax));
            List<Object[]> lines = new ArrayList<>();
            List<Object[]> history = new ArrayList<>();
            int lineNumber = 0;
            for (Map.Entry<Integer, Integer> item : quantities.entrySet()) {
                lines.add(new Object[] {++lineNumber, id, item.getKey(), item.getValue()});
                history.add(new Object[] {customerId, id, item.getKey()});
            }
            jdbc.batchUpdate("INSERT INTO orderlines (orderlineid, orderid, prod_id, quantity, orderdate)"
                    + " VALUES (?, ?, ?, ?, current_date)", lines);
            jdbc.batchUpdate("INSERT INTO cust_hist (customerid, orderid, prod_id) VALUES (?, ?, ?)", history);
            return id;
        });
        return orderId;
    }
}
