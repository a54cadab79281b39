package org.tilemark.workloads.dvdstore.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.dvdstore.Ds3Size;
import org.tilemark.workloads.guest.postgres.SqlScript;

/** DS3's row rules on a tiny custom size (1MB: 2,000 customers, 1,000 products, 100 orders/month). */
class GeneratorRulesTest {

    private static final Ds3Size SIZE = Ds3Size.parse("1MB");
    private final Ds3Catalog catalog = new Ds3Catalog(SIZE, 7);
    private final EntityRandom random = new EntityRandom(7);

    @Test
    void customersAreHalfUsHalfRestOfWorldWithDs3Credentials() {
        List<String[]> rows = GeneratedRows.of(new CustomerRows(catalog, random)::writeCustomers);
        assertThat(rows).hasSize(2_000);
        long us = rows.stream().filter(r -> r[8].equals("US") && r[9].equals("1")).count();
        long world = rows.stream().filter(r -> !r[8].equals("US") && r[9].equals("2")).count();
        assertThat(us).isEqualTo(1_000);
        assertThat(world).isEqualTo(1_000);
        assertThat(rows.get(41)[15]).isEqualTo("user42");
        assertThat(rows.get(41)[16]).isEqualTo("password");
        assertThat(rows).allSatisfy(r -> assertThat(r).hasSize(20));
    }

    @Test
    void tenPercentAreMembersOnePerRunOfCustomers() {
        List<String[]> rows = GeneratedRows.of(new CustomerRows(catalog, random)::writeMemberships);
        // DS3: floor(2,000 x 10 / 100) members, member k drawn from customers 10k+1..10k+10.
        assertThat(rows).hasSize(200);
        for (int k = 0; k < rows.size(); k++) {
            assertThat(Long.parseLong(rows.get(k)[0])).isBetween(10L * k + 1, 10L * k + 10);
            assertThat(Integer.parseInt(rows.get(k)[1])).isBetween(1, 3);
            assertThat(rows.get(k)[2]).matches("201[5-9]-(0[1-9]|1[0-2])-15");
        }
    }

    @Test
    void productsUseTheCatalogWithDs3sSpecialsAndMembershipLevels() {
        List<String[]> rows = GeneratedRows.of(new ProductRows(catalog, random)::writeProducts);
        assertThat(rows).hasSize(1_000);
        for (String[] row : rows) {
            long id = Long.parseLong(row[0]);
            assertThat(Integer.parseInt(row[1])).isEqualTo(catalog.categoryOf(id));
            assertThat(row[2]).isEqualTo(catalog.titleOf(id));
            assertThat(row[3]).isEqualTo(catalog.actorOf(id));
            assertThat(new BigDecimal(row[4])).isEqualTo(catalog.priceOf(id));
        }
        // 1 in 100 on special: binomial(1,000, 0.01), mean 10, standard deviation 3.1.
        long special = rows.stream().filter(r -> r[5].equals("1")).count();
        assertThat(special).isBetween(1L, 25L);
        // Every product has a membership level 0..3, each about a quarter (250, sd 14).
        Map<String, Long> levels = rows.stream().collect(java.util.stream.Collectors.groupingBy(r -> r[7],
                java.util.stream.Collectors.counting()));
        assertThat(levels.keySet()).containsExactlyInAnyOrder("0", "1", "2", "3");
        assertThat(levels.values()).allSatisfy(n -> assertThat(n).isBetween(180L, 320L));
    }

    @Test
    void largeCatalogsHaveOneSpecialInTenThousand() {
        Ds3Catalog large = new Ds3Catalog(new Ds3Size("large", 10, 200_000, 1), 7);
        long special = GeneratedRows.of(new ProductRows(large, random)::writeProducts).stream()
                .filter(r -> r[5].equals("1")).count();
        // binomial(200,000, 1/10,000): mean 20, standard deviation 4.5.
        assertThat(special).isBetween(3L, 45L);
    }

    @Test
    void initialStockIsDs3sAndNeverBelowTheRestockLine() {
        ProductRows products = new ProductRows(new Ds3Catalog(Ds3Size.S, 7), random);
        int refilled = 0;
        for (long id = 1; id <= 9_999; id++) {
            int stock = products.initialStock(id);
            assertThat(stock).isBetween(3, 500);
            refilled += stock == 250 ? 1 : 0;
        }
        // 0..500 uniform; the 3 values under 3 are loaded as the trigger refills them (250).
        assertThat(refilled).isBetween(20, 130);
        assertThat(products.initialStock(10_000)).isBetween(30, 5_000).matches(n -> n % 10 == 0);
    }

    @Test
    void twelveMonthsOfOrdersWithOneToNineLinesAndTax() {
        OrderRows orders = new OrderRows(catalog, random);
        List<String[]> orderRows = GeneratedRows.of(orders::writeOrders);
        assertThat(orderRows).hasSize(1_200);
        Map<String, Integer> linesPerOrder = new HashMap<>();
        int[][] sales = new int[1][];
        List<String[]> lines = GeneratedRows.of(out -> sales[0] = orders.writeOrderLines(out));
        for (String[] line : lines) {
            linesPerOrder.merge(line[1], 1, Integer::sum);
            assertThat(Integer.parseInt(line[3])).isBetween(1, 3);
        }
        assertThat(linesPerOrder).hasSize(1_200);
        assertThat(linesPerOrder.values()).allSatisfy(n -> assertThat(n).isBetween(1, 9));
        double averageLines = lines.size() / 1_200.0;
        assertThat(averageLines).isBetween(4.6, 5.4);
        assertThat(GeneratedRows.of(orders::writeCustHist)).hasSize(lines.size());
        for (String[] order : orderRows) {
            BigDecimal net = new BigDecimal(order[3]);
            BigDecimal tax = new BigDecimal(order[4]);
            assertThat(tax).isEqualByComparingTo(net.multiply(new BigDecimal("0.0825")).setScale(2, java.math.RoundingMode.HALF_UP));
            assertThat(new BigDecimal(order[5])).isEqualByComparingTo(net.add(tax));
        }
        assertThat(orderRows.get(0)[1]).startsWith("2025-01-");
        assertThat(orderRows.get(1_199)[1]).startsWith("2025-12-");
        long unitsSold = lines.stream().mapToLong(l -> Long.parseLong(l[3])).sum();
        assertThat(java.util.Arrays.stream(sales[0]).asLongStream().sum()).isEqualTo(unitsSold);
    }

    @Test
    void reviewsAndHelpfulnessFollowTheirRanges() {
        ReviewRows reviews = new ReviewRows(catalog, random);
        List<String[]> reviewRows = GeneratedRows.of(reviews::writeReviews);
        assertThat(reviewRows.size() / 1_000.0).isBetween(18.0, 22.0);
        assertThat(reviewRows).allSatisfy(r -> {
            assertThat(Integer.parseInt(r[3])).isBetween(1, 5);
            assertThat(r[6].split(" ").length).isBetween(10, 30);
        });
        Map<String, Integer> ratingsPerReview = new HashMap<>();
        for (String[] rating : GeneratedRows.of(reviews::writeHelpfulness)) {
            ratingsPerReview.merge(rating[1], 1, Integer::sum);
            assertThat(Integer.parseInt(rating[3])).isBetween(1, 10);
        }
        assertThat(ratingsPerReview).hasSize(reviewRows.size());
        assertThat(ratingsPerReview.values()).allSatisfy(n -> assertThat(n).isBetween(3, 40));
    }

    @Test
    void sameSeedSameDataOtherSeedOtherData() {
        String first = GeneratedRows.text(new CustomerRows(catalog, random)::writeCustomers)
                + GeneratedRows.text(new OrderRows(catalog, random)::writeCustHist);
        String again = GeneratedRows.text(new CustomerRows(new Ds3Catalog(SIZE, 7), new EntityRandom(7))::writeCustomers)
                + GeneratedRows.text(new OrderRows(new Ds3Catalog(SIZE, 7), new EntityRandom(7))::writeCustHist);
        String other = GeneratedRows.text(new CustomerRows(new Ds3Catalog(SIZE, 8), new EntityRandom(8))::writeCustomers)
                + GeneratedRows.text(new OrderRows(new Ds3Catalog(SIZE, 8), new EntityRandom(8))::writeCustHist);
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void copyTextEscapesSpecialCharacters() {
        String text = GeneratedRows.text(out -> {
            out.add("a\tb\\c\nd").addNull().add(5);
            out.endRow();
        });
        assertThat(text).isEqualTo("a\\tb\\\\c\\nd\t\\N\t5\n");
    }

    @Test
    void sqlScriptKeepsFunctionBodiesWhole() {
        List<String> statements = SqlScript.statements("/dvdstore/schema.sql");
        assertThat(statements).anySatisfy(s -> assertThat(s).startsWith("CREATE FUNCTION restock_order()").contains("END IF;"));
        assertThat(statements).noneSatisfy(s -> assertThat(s).endsWith(";"));
        assertThat(statements.stream().filter(s -> s.startsWith("CREATE TABLE")).count()).isEqualTo(12);
    }
}
