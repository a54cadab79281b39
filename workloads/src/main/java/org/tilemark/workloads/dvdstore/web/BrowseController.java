package org.tilemark.workloads.dvdstore.web;

import java.util.Locale;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.tilemark.workloads.dvdstore.Ds3Catalog;

/** DS3 product browsing (by category, actor, title) and the health probe. */
@RestController
@RequestMapping("/ds3")
class BrowseController {

    private static final String COLUMNS = "SELECT prod_id, category, title, actor, price, special FROM products ";
    /** DS3's category browse lists only the category's titles on special (none when it has none). */
    private static final String BY_CATEGORY = COLUMNS
            + "WHERE category = ? AND special = 1 ORDER BY prod_id LIMIT ?";

    private final JdbcTemplate jdbc;

    BrowseController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @GetMapping("/browse")
    ResponseEntity<String> browse(@RequestParam(required = false) String type,
                                  @RequestParam(required = false) String value,
                                  @RequestParam(required = false) String batch) {
        String kind = Params.oneOf("type", type, "category", "actor", "title");
        int limit = Params.batch(batch);
        Html page = new Html("Browse").tableStart("Title", "Actor", "Price", "Category", "Special");
        if (kind.equals("category")) {
            jdbc.query(BY_CATEGORY, row -> {
                productRow(page, row);
            }, category(value), limit);
        } else {
            ProductMatch match = ProductMatch.of(kind, Params.text("value", value, 50));
            jdbc.query(COLUMNS + "WHERE " + match.condition() + " ORDER BY prod_id LIMIT ?", row -> {
                productRow(page, row);
            }, match.parametersThen(limit));
        }
        return page.tableEnd().ok();
    }

    @GetMapping("/health")
    ResponseEntity<String> health() {
        jdbc.queryForObject("SELECT 1", Integer.class);
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body("ok");
    }

    private static void productRow(Html page, java.sql.ResultSet row) throws java.sql.SQLException {
        page.row("data-prod-id", row.getInt("prod_id"), row.getString("title"), row.getString("actor"),
                row.getBigDecimal("price").toPlainString(), Ds3Catalog.categoryName(row.getInt("category")),
                row.getInt("special") == 1 ? "yes" : "no");
    }

    /** A category by number (1..16) or by name. */
    static int category(String value) {
        String given = Params.text("value", value, 50);
        for (int i = 0; i < Ds3Catalog.CATEGORY_NAMES.size(); i++) {
            if (Ds3Catalog.CATEGORY_NAMES.get(i).toLowerCase(Locale.ROOT).equals(given.toLowerCase(Locale.ROOT))) {
                return i + 1;
            }
        }
        return (int) Params.number("value", given, 1, Ds3Catalog.CATEGORY_NAMES.size());
    }
}
