package org.tilemark.workloads.dvdstore.db;

import java.time.LocalDate;
import java.util.List;
import java.util.SplittableRandom;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;

/**
 * CUSTOMERS and MEMBERSHIP rows following DS3's rules: the first half of the customers live in
 * the US (region 1), the second half in the rest of the world (region 2); user name
 * {@code user<id>}, password {@code password}; exactly 10 % are members.
 */
final class CustomerRows {

    static final String CUSTOMER_COLUMNS = "customerid, firstname, lastname, address1, address2, city, state, zip,"
            + " country, region, email, phone, creditcardtype, creditcard, creditcardexpiration, username,"
            + " password, age, income, gender";
    static final String MEMBERSHIP_COLUMNS = "customerid, membershiptype, expiredate";
    static final int MEMBER_PERCENT = 10;

    private static final long SALT_CUSTOMER = 0x637573744cL;
    private static final long SALT_MEMBER = 0x6d656d62L;
    /** DS3's generator writes expiry years 2015..2019. */
    private static final int MEMBERSHIP_FIRST_YEAR = 2015;
    private static final List<String> STATES = List.of(
            "AK", "AL", "AR", "AZ", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "IA", "ID", "IL", "IN", "KS", "KY",
            "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NV", "NY",
            "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VT", "WA", "WI", "WV", "WY");
    private static final List<String> COUNTRIES = List.of(
            "Australia", "Canada", "Chile", "China", "France", "Germany", "Japan", "Russia", "South Africa", "UK");

    private final Ds3Catalog catalog;
    private final EntityRandom random;

    CustomerRows(Ds3Catalog catalog, EntityRandom random) {
        this.catalog = catalog;
        this.random = random;
    }

    /** Customers 1..N/2 are in the US. */
    boolean isUs(long customerId) {
        return customerId <= catalog.size().customers() / 2;
    }

    void writeCustomers(CopyTextWriter out) {
        for (long id = 1; id <= catalog.size().customers(); id++) {
            SplittableRandom rng = random.of(SALT_CUSTOMER, id);
            boolean us = isUs(id);
            String lastname = EntityRandom.letters(rng, 10);
            out.add(id)
                    .add(EntityRandom.letters(rng, 6))
                    .add(lastname)
                    .add(EntityRandom.digits(rng, 7) + " Main Street")
                    .addNull()
                    .add(EntityRandom.letters(rng, 7));
            if (us) {
                out.add(STATES.get(rng.nextInt(STATES.size()))).add(EntityRandom.between(rng, 10_000, 99_999))
                        .add("US").add(1);
            } else {
                out.addNull().addNull().add(COUNTRIES.get(rng.nextInt(COUNTRIES.size()))).add(2);
            }
            out.add(lastname + "@example.com")
                    .add(EntityRandom.digits(rng, 10))
                    .add(EntityRandom.between(rng, 1, 5))
                    .add(EntityRandom.digits(rng, 16))
                    .add(EntityRandom.between(rng, 2026, 2030) + "/" + twoDigits(EntityRandom.between(rng, 1, 12)))
                    .add(catalog.username(id))
                    .add(catalog.password(id))
                    .add(EntityRandom.between(rng, 18, 90))
                    .add(20_000L * EntityRandom.between(rng, 1, 5))
                    .add(rng.nextBoolean() ? "M" : "F");
            out.endRow();
        }
    }

    /**
     * DS3's membership generator: exactly 10 % of the customers (rounded down) are members, one drawn
     * from each of that many equal runs of customer ids, with type 1..3 and an expiry on the 15th of a
     * month in DS3's years.
     */
    void writeMemberships(CopyTextWriter out) {
        long customers = catalog.size().customers();
        long members = customers * MEMBER_PERCENT / 100;
        for (long k = 0; k < members; k++) {
            SplittableRandom rng = random.of(SALT_MEMBER, k);
            long first = k * customers / members + 1;
            long last = (k + 1) * customers / members;
            out.add(EntityRandom.between(rng, first, last))
                    .add(EntityRandom.between(rng, 1, 3))
                    .add(LocalDate.of(MEMBERSHIP_FIRST_YEAR + EntityRandom.between(rng, 0, 4),
                            EntityRandom.between(rng, 1, 12), 15).toString());
            out.endRow();
        }
    }

    private static String twoDigits(int value) {
        return value < 10 ? "0" + value : Integer.toString(value);
    }
}
