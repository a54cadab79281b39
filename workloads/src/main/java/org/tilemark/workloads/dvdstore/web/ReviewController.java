package org.tilemark.workloads.dvdstore.web;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** DS3 review pages: browse reviews by actor/title, reviews of one product, new review, helpfulness. */
@RestController
@RequestMapping("/ds3")
class ReviewController {

    /**
     * DS3's review search: the first matching reviews (at most {@link StoreLimits#MAX_REVIEWS_FOR_BROWSE}),
     * most helpful first. Placeholder: the product match. The matching products are found first, behind
     * a MATERIALIZED fence: left to itself, PostgreSQL reads "any 500 reviews whose product matches" as
     * a scan of the reviews table that probes each review's product, stopping at the 500th match. It
     * expects matches spread evenly, but they sit together (reviews are stored in product order), so one
     * page read 98,000 of the standard size's 200,000 reviews; these pages took 98 % of the database's
     * time at the standard tile.
     */
    private static final String BROWSE_REVIEWS_BY_HELPFULNESS = """
            WITH matched_products AS MATERIALIZED (SELECT prod_id, title, actor FROM products WHERE %s),
            matched AS (SELECT r.review_id, p.prod_id, p.title, p.actor, r.review_date, r.stars, r.customerid,
                               r.review_summary, r.review_text
                        FROM matched_products p JOIN reviews r ON r.prod_id = p.prod_id LIMIT %d)
            SELECT m.*, (SELECT coalesce(sum(h.helpfulness), 0) FROM reviews_helpfulness h
                         WHERE h.review_id = m.review_id) AS helpfulness
            FROM matched m ORDER BY helpfulness DESC, m.review_id LIMIT ?""";

    /** Tilemark's sorted review search: top reviews of the matching products first, then their helpfulness totals. */
    private static final String BROWSE_REVIEWS = """
            WITH matched AS (SELECT prod_id, title, actor FROM products WHERE %s ORDER BY prod_id LIMIT %d),
            top AS (SELECT r.review_id, m.prod_id, m.title, m.actor, r.review_date, r.stars, r.customerid,
                           r.review_summary, r.review_text
                    FROM matched m JOIN reviews r ON r.prod_id = m.prod_id
                    ORDER BY %s LIMIT ?)
            SELECT top.*, (SELECT coalesce(sum(h.helpfulness), 0) FROM reviews_helpfulness h
                           WHERE h.review_id = top.review_id) AS helpfulness
            FROM top ORDER BY %s""";

    /**
     * A product's reviews as DS3's three get-reviews pages read them: most helpful first ("noorder"),
     * most helpful at one star level ("star"), or newest first ("date"). Placeholders: star filter, order.
     */
    private static final String PRODUCT_REVIEWS = """
            SELECT r.review_id, r.prod_id, p.title, p.actor, r.review_date, r.stars, r.customerid, r.review_summary,
                   r.review_text, coalesce(h.helpfulness, 0) AS helpfulness
            FROM reviews r
            JOIN products p ON p.prod_id = r.prod_id
            LEFT JOIN (SELECT review_id, sum(helpfulness) AS helpfulness FROM reviews_helpfulness
                       WHERE review_id IN (SELECT review_id FROM reviews WHERE prod_id = ?)
                       GROUP BY review_id) h ON h.review_id = r.review_id
            WHERE r.prod_id = ? AND r.stars BETWEEN ? AND ?
            ORDER BY %s, r.review_id LIMIT ?""";
    private static final Map<String, String> PRODUCT_REVIEWS_BY_TYPE = Map.of(
            "noorder", PRODUCT_REVIEWS.formatted("helpfulness DESC"),
            "star", PRODUCT_REVIEWS.formatted("helpfulness DESC"),
            "date", PRODUCT_REVIEWS.formatted("r.review_date DESC"));

    private static final String INSERT_REVIEW = """
            INSERT INTO reviews (prod_id, review_date, stars, customerid, review_summary, review_text)
            SELECT ?, current_date, ?, ?, ?, ?
            WHERE EXISTS (SELECT 1 FROM products WHERE prod_id = ?)
              AND EXISTS (SELECT 1 FROM customers WHERE customerid = ?)
            RETURNING review_id""";

    private static final String INSERT_HELPFULNESS = """
            INSERT INTO reviews_helpfulness (review_id, customerid, helpfulness)
            SELECT ?, ?, ?
            WHERE EXISTS (SELECT 1 FROM reviews WHERE review_id = ?)
              AND EXISTS (SELECT 1 FROM customers WHERE customerid = ?)
            RETURNING review_helpfulness_id""";

    private final JdbcTemplate jdbc;

    ReviewController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @GetMapping("/browsereviews")
    ResponseEntity<String> browseReviews(@RequestParam(required = false) String type,
                                         @RequestParam(required = false) String value,
                                         @RequestParam(required = false) String batch,
                                         @RequestParam(required = false) String sort) {
        String kind = Params.oneOf("type", type, "actor", "title");
        ProductMatch match = ProductMatch.of(kind, Params.text("value", value, 50));
        int limit = Params.batch(batch);
        String sql;
        if (sort == null) {
            sql = BROWSE_REVIEWS_BY_HELPFULNESS.formatted(match.condition(), StoreLimits.MAX_REVIEWS_FOR_BROWSE);
        } else {
            boolean byDate = Params.oneOf("sort", sort, "star", "date").equals("date");
            String innerOrder = byDate ? "r.review_date DESC, r.review_id" : "r.stars DESC, r.review_id";
            String outerOrder = byDate ? "review_date DESC, review_id" : "stars DESC, review_id";
            sql = BROWSE_REVIEWS.formatted(match.condition(), StoreLimits.MAX_PRODUCTS_FOR_REVIEWS, innerOrder,
                    outerOrder);
        }
        Html page = reviewTable("Reviews");
        jdbc.query(sql, row -> {
            reviewRow(page, row);
        }, match.parametersThen(limit));
        return page.tableEnd().ok();
    }

    @GetMapping("/getreviews")
    ResponseEntity<String> productReviews(@RequestParam(name = "prod_id", required = false) String prodId,
                                          @RequestParam(required = false) String type,
                                          @RequestParam(required = false) String stars,
                                          @RequestParam(required = false) String batch) {
        int product = Params.id("prod_id", prodId);
        int limit = Params.batch(batch);
        String order = type == null ? "noorder" : Params.oneOf("type", type, "noorder", "star", "date");
        long lowest = 1;
        long highest = 5;
        if (order.equals("star")) {
            lowest = Params.number("stars", stars, 1, 5);
            highest = lowest;
        }
        Html page = reviewTable("Product reviews");
        jdbc.query(PRODUCT_REVIEWS_BY_TYPE.get(order), row -> {
            reviewRow(page, row);
        }, product, product, lowest, highest, limit);
        return page.tableEnd().ok();
    }

    @PostMapping("/newreview")
    ResponseEntity<String> newReview(@RequestParam(name = "prod_id", required = false) String prodId,
                                     @RequestParam(required = false) String customerid,
                                     @RequestParam(required = false) String stars,
                                     @RequestParam(required = false) String summary,
                                     @RequestParam(required = false) String text) {
        int product = Params.id("prod_id", prodId);
        int customer = Params.id("customerid", customerid);
        List<Integer> ids = jdbc.queryForList(INSERT_REVIEW, Integer.class, product,
                Params.number("stars", stars, 1, 5), customer, Params.text("summary", summary, 50),
                Params.text("text", text, 1000), product, customer);
        int reviewId = ids.isEmpty() ? 0 : ids.get(0);
        return new Html("New review").span("reviewid", reviewId)
                .heading(reviewId == 0 ? "Unknown product or customer" : "Thank you for your review").ok();
    }

    @PostMapping("/newhelpfulness")
    ResponseEntity<String> newHelpfulness(@RequestParam(name = "review_id", required = false) String reviewIdText,
                                          @RequestParam(required = false) String customerid,
                                          @RequestParam(required = false) String helpfulness) {
        int review = Params.id("review_id", reviewIdText);
        int customer = Params.id("customerid", customerid);
        List<Integer> ids = jdbc.queryForList(INSERT_HELPFULNESS, Integer.class, review, customer,
                Params.number("helpfulness", helpfulness, 1, 10), review, customer);
        int helpfulnessId = ids.isEmpty() ? 0 : ids.get(0);
        return new Html("Helpfulness").span("helpfulnessid", helpfulnessId)
                .heading(helpfulnessId == 0 ? "Unknown review or customer" : "Thank you for your rating").ok();
    }

    private static Html reviewTable(String title) {
        return new Html(title).tableStart("Title", "Actor", "Date", "Stars", "Customer", "Summary", "Review",
                "Helpfulness");
    }

    private static void reviewRow(Html page, ResultSet row) throws SQLException {
        page.row("data-review-id", row.getInt("review_id"), row.getString("title"), row.getString("actor"),
                row.getDate("review_date").toLocalDate(), row.getInt("stars"), row.getInt("customerid"),
                row.getString("review_summary"), row.getString("review_text"), row.getLong("helpfulness"));
    }
}
