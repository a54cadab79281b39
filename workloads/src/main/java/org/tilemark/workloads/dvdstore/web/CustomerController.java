package org.tilemark.workloads.dvdstore.web;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** DS3 login, new customer and new membership pages. */
@RestController
@RequestMapping("/ds3")
class CustomerController {

    private static final String PREVIOUS_TITLES = """
            SELECT p.title, p.actor, related.title AS related_title
            FROM (SELECT orderid, prod_id FROM cust_hist WHERE customerid = ? ORDER BY orderid DESC LIMIT ?) h
            JOIN products p ON p.prod_id = h.prod_id
            JOIN products related ON related.prod_id = p.common_prod_id
            ORDER BY h.orderid DESC""";

    private static final String INSERT_CUSTOMER = """
            INSERT INTO customers (firstname, lastname, address1, address2, city, state, zip, country, region, email,
                phone, creditcardtype, creditcard, creditcardexpiration, username, password, age, income, gender)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (username) DO NOTHING
            RETURNING customerid""";

    private static final String UPSERT_MEMBERSHIP = """
            INSERT INTO membership (customerid, membershiptype, expiredate)
            SELECT ?, ?, current_date + 365 WHERE EXISTS (SELECT 1 FROM customers WHERE customerid = ?)
            ON CONFLICT (customerid) DO UPDATE SET membershiptype = EXCLUDED.membershiptype,
                expiredate = EXCLUDED.expiredate
            RETURNING customerid""";

    private final JdbcTemplate jdbc;

    CustomerController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @GetMapping("/login")
    ResponseEntity<String> login(@RequestParam(required = false) String username,
                                 @RequestParam(required = false) String password) {
        String user = Params.text("username", username, 50);
        String secret = Params.text("password", password, 50);
        List<Integer> ids = jdbc.queryForList(
                "SELECT customerid FROM customers WHERE username = ? AND password = ?", Integer.class, user, secret);
        Html page = new Html("Login");
        if (ids.isEmpty()) {
            return page.span("customerid", 0).heading("Login failed").ok();
        }
        int customerId = ids.get(0);
        page.span("customerid", customerId).heading("Welcome back " + user)
                .tableStart("Title", "Actor", "People who liked this DVD also liked");
        jdbc.query(PREVIOUS_TITLES, row -> {
            page.row(null, null, row.getString("title"), row.getString("actor"), row.getString("related_title"));
        }, customerId, StoreLimits.PREVIOUS_ORDER_TITLES);
        return page.tableEnd().ok();
    }

    @PostMapping("/newcustomer")
    ResponseEntity<String> newCustomer(@RequestParam Map<String, String> form) {
        String country = Params.text("country", form.get("country"), 50);
        Long region = Params.optionalNumber("region", form.get("region"), 1, 2);
        if (region == null) {
            region = country.equalsIgnoreCase("US") ? 1L : 2L;
        }
        String gender = Params.optionalText("gender", form.get("gender"), 1);
        if (gender != null && !gender.equalsIgnoreCase("M") && !gender.equalsIgnoreCase("F")) {
            throw new BadRequestException("parameter 'gender' must be M or F");
        }
        List<Integer> ids = jdbc.queryForList(INSERT_CUSTOMER, Integer.class,
                Params.text("firstname", form.get("firstname"), 50),
                Params.text("lastname", form.get("lastname"), 50),
                Params.text("address1", form.get("address1"), 50),
                Params.optionalText("address2", form.get("address2"), 50),
                Params.text("city", form.get("city"), 50),
                Params.optionalText("state", form.get("state"), 50),
                Params.optionalNumber("zip", form.get("zip"), 0, 99_999_999),
                country,
                region,
                Params.optionalText("email", form.get("email"), 50),
                Params.optionalText("phone", form.get("phone"), 50),
                Params.number("creditcardtype", form.get("creditcardtype"), 1, 5),
                Params.text("creditcard", form.get("creditcard"), 50),
                Params.text("creditcardexpiration", form.get("creditcardexpiration"), 50),
                Params.text("username", form.get("username"), 50),
                Params.text("password", form.get("password"), 50),
                Params.optionalNumber("age", form.get("age"), 0, 150),
                Params.optionalNumber("income", form.get("income"), 0, Integer.MAX_VALUE),
                gender == null ? null : gender.toUpperCase(Locale.ROOT));
        int customerId = ids.isEmpty() ? 0 : ids.get(0);
        return new Html("New customer").span("customerid", customerId)
                .heading(customerId == 0 ? "User name already in use" : "Welcome, new customer").ok();
    }

    @PostMapping("/newmember")
    ResponseEntity<String> newMember(@RequestParam(required = false) String customerid,
                                     @RequestParam(required = false) String membershiptype) {
        int customerId = Params.id("customerid", customerid);
        long type = Params.number("membershiptype", membershiptype, 1, 3);
        List<Integer> ids = jdbc.queryForList(UPSERT_MEMBERSHIP, Integer.class, customerId, type, customerId);
        int memberId = ids.isEmpty() ? 0 : ids.get(0);
        return new Html("Membership").span("memberid", memberId)
                .heading(memberId == 0 ? "Unknown customer" : "Membership confirmed").ok();
    }
}
