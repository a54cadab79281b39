package org.tilemark.workloads.dvdstore;

import static org.tilemark.workloads.dvdstore.StoreFront.Use.SERVED;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.random.RandomGenerator;
import org.tilemark.workloads.driver.FirstFailures;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.OpenLoopUser;
import org.tilemark.workloads.dvdstore.StoreFront.Page;
import org.tilemark.workloads.dvdstore.StoreFront.StoreFrontException;

/**
 * One DVD Store 3 order, as DS3's driver runs it: log in (or register a new customer), maybe join,
 * search, read reviews (maybe write one or rate one), then purchase. Each page's latency runs from
 * when it was meant to start: the order's intended start for the first, the previous page's
 * completion for the rest. The order stops at the first failed page and counts as an error; a page still
 * waiting past its timeout at an interval's cut fails the order there, in that interval, and one waiting past its
 * QoS limit there has its latency so far recorded in that interval (not again when it ends).
 */
final class OrderCycle implements OpenLoopUser.Cycle {

    static final List<String> OPERATIONS = org.tilemark.workloads.dvdstore.DvdStoreSpec.OPERATIONS;
    /** DS3's three ways to read a product's reviews (web getreviews {@code type}). */
    static final List<String> REVIEW_ORDERS = List.of("noorder", "star", "date");
    /** DS3's driver takes the review count as 20 per product. */
    static final long REVIEWS_PER_PRODUCT = 20;

    private final StoreFront store;
    private final Ds3Catalog catalog;
    private final ProductPicker products;
    private final DvdStoreMixSpec mix;
    private final RandomGenerator random;
    private final IntervalRecorder recorder;
    private final FirstFailures failures;
    private final String userTag;
    private final CommittedOrders committed;
    /** Each page's QoS limit (of those the percentile rule checks): a cut times a page waiting longer, so far. */
    private final Map<String, Duration> qosLimits;
    private long newCustomers;

    OrderCycle(StoreFront store, Ds3Catalog catalog, DvdStoreMixSpec mix, RandomGenerator random,
               IntervalRecorder recorder, FirstFailures failures, String userTag, CommittedOrders committed,
               Map<String, Duration> qosLimits) {
        this.store = store;
        this.catalog = catalog;
        this.products = new ProductPicker(catalog.size().products());
        this.mix = mix;
        this.random = random;
        this.recorder = recorder;
        this.failures = failures;
        this.userTag = userTag;
        this.committed = committed;
        this.qosLimits = Map.copyOf(qosLimits);
    }

    @Override
    public void run(long intendedStartNanos, IntervalRecorder.InFlight unit) throws InterruptedException {
        Timeline timeline = new Timeline(intendedStartNanos, unit);
        // DS3 draws one number per order and compares it with every percentage, so the rarer
        // steps (new member, new review, helpfulness) happen in orders of new customers.
        double userType = random.nextDouble();
        try {
            long customerId = userType < share(mix.pctNewCustomers()) ? newCustomer(timeline) : login(timeline);
            if (userType <= share(mix.pctNewMember())) {
                long member = 1 + random.nextLong(catalog.size().customers());
                timeline.step("newMember", () -> store.post("/ds3/newmember",
                        Map.of("customerid", Long.toString(member), "membershiptype", Integer.toString(1 + random.nextInt(3))), SERVED));
            }
            int searches = upTo(mix.nSearches());
            for (int i = 0; i < searches; i++) {
                timeline.step("browse", this::browse);
            }
            reviews(timeline, customerId, userType);
            Page order = timeline.step("purchase", () -> store.post("/ds3/purchase",
                    Map.of("customerid", Long.toString(customerId), "items", basket())));
            boolean refused = order.rolledBack();
            long orderId = order.id("orderid").orElse(0);
            if (!refused && orderId <= 0) {
                throw timeline.fail("purchase", "no order id in the purchase page");
            }
            if (!refused) {
                committed.add(orderId);
            }
            if (unit.settle()) {
                recorder.completed(DvdStoreWorkload.ORDER, System.nanoTime() - intendedStartNanos);
                if (refused) {
                    recorder.rolledBack();
                }
            }
        } catch (StoreFrontException e) {
            // the failed page counted the order's error (Timeline)
        }
    }

    private long login(Timeline timeline) throws StoreFrontException, InterruptedException {
        long customerId = 1 + random.nextLong(catalog.size().customers());
        Page page = timeline.step("login", () -> store.get("/ds3/login",
                Map.of("username", catalog.username(customerId), "password", catalog.password(customerId))));
        if (page.id("customerid").orElse(0) != customerId) {
            throw timeline.fail("login", "login of " + catalog.username(customerId) + " was refused");
        }
        return customerId;
    }

    private long newCustomer(Timeline timeline) throws StoreFrontException, InterruptedException {
        String username = "nc" + userTag + "x" + (++newCustomers);
        boolean us = random.nextBoolean();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("firstname", "F" + Long.toHexString(random.nextLong(1L << 40)));
        form.put("lastname", "L" + Long.toHexString(random.nextLong(1L << 40)));
        form.put("address1", random.nextInt(1, 9999) + " Main St");
        form.put("address2", "");
        form.put("city", "City" + random.nextInt(1000));
        form.put("state", us ? "CA" : "");
        form.put("zip", us ? Integer.toString(random.nextInt(10000, 99999)) : "");
        form.put("country", us ? "US" : "Germany");
        form.put("region", us ? "1" : "2");
        form.put("email", username + "@example.com");
        form.put("phone", Long.toString(random.nextLong(1_000_000_000L, 9_999_999_999L)));
        form.put("creditcardtype", Integer.toString(1 + random.nextInt(5)));
        form.put("creditcard", Long.toString(random.nextLong(1_000_000_000_000_000L, 9_999_999_999_999_999L)));
        form.put("creditcardexpiration", String.format("%02d/%02d", 1 + random.nextInt(12), 28 + random.nextInt(5)));
        form.put("username", username);
        form.put("password", "password");
        form.put("age", Integer.toString(18 + random.nextInt(73)));
        form.put("income", Integer.toString(20_000 * (1 + random.nextInt(5))));
        form.put("gender", random.nextBoolean() ? "M" : "F");
        Page page = timeline.step("newCustomer", () -> store.post("/ds3/newcustomer", form));
        long id = page.id("customerid").orElse(0);
        if (id <= 0) {
            throw timeline.fail("newCustomer", "new customer " + username + " was refused");
        }
        return id;
    }

    /** DS3 searches a random category, or random actor / title words that mostly match nothing. */
    private Page browse() throws StoreFrontException, InterruptedException {
        String batch = Integer.toString(upTo(mix.searchBatchSize()));
        return switch (random.nextInt(3)) {
            case 0 -> store.get("/ds3/browse", Map.of("type", "category",
                    "value", Integer.toString(1 + random.nextInt(Ds3Catalog.CATEGORY_NAMES.size())), "batch", batch), SERVED);
            case 1 -> store.get("/ds3/browse", Map.of("type", "actor", "value", Ds3Catalog.randomActor(random), "batch", batch), SERVED);
            default -> store.get("/ds3/browse", Map.of("type", "title", "value", Ds3Catalog.randomTitle(random), "batch", batch), SERVED);
        };
    }

    /**
     * DS3's review phase: 1..2r-1 review searches by one actor surname or one title word, then
     * 1..2r-1 reads of a popular-skewed product's reviews (unordered, at one star level drawn per
     * order, or newest first), then maybe a new review and a helpfulness rating.
     */
    private void reviews(Timeline timeline, long customerId, double userType)
            throws StoreFrontException, InterruptedException {
        int browses = upTo(mix.nReviews());
        for (int i = 0; i < browses; i++) {
            boolean byActor = random.nextBoolean();
            String word = (byActor ? Ds3Catalog.randomActor(random) : Ds3Catalog.randomTitle(random)).split(" ")[1];
            Map<String, String> query = Map.of("type", byActor ? "actor" : "title", "value", word,
                    "batch", Integer.toString(upTo(mix.searchBatchSize())));
            timeline.step("browseReviews", () -> store.get("/ds3/browsereviews", query, SERVED));
        }
        String stars = Integer.toString(1 + random.nextInt(5));
        int reads = upTo(mix.nReviews());
        for (int i = 0; i < reads; i++) {
            String batch = Integer.toString(upTo(mix.searchBatchSize()));
            String order = REVIEW_ORDERS.get(random.nextInt(REVIEW_ORDERS.size()));
            long product = products.pick(random);
            timeline.step("getReviews", () -> store.get("/ds3/getreviews",
                    Map.of("prod_id", Long.toString(product), "type", order, "stars", stars, "batch", batch), SERVED));
        }
        if (userType <= share(mix.pctNewReview())) {
            long product = 1 + random.nextLong(catalog.size().products());
            timeline.step("newReview", () -> store.post("/ds3/newreview", Map.of("prod_id", Long.toString(product),
                    "customerid", Long.toString(customerId), "stars", Integer.toString(1 + random.nextInt(5)),
                    "summary", "Review by " + userTag, "text", "Tilemark review of product " + product), SERVED));
        }
        if (userType <= share(mix.pctHelpfulness())) {
            // DS3 rates a random review id up to its nominal 20 reviews per product.
            long review = 1 + random.nextLong(catalog.size().products() * REVIEWS_PER_PRODUCT);
            timeline.step("helpfulness", () -> store.post("/ds3/newhelpfulness", Map.of("review_id", Long.toString(review),
                    "customerid", Long.toString(customerId), "helpfulness", Integer.toString(1 + random.nextInt(10))), SERVED));
        }
    }

    /** 1..2n-1 lines, each drawn from DS3's product popularity (never from what was browsed), quantity 1..3. */
    private String basket() {
        int lines = upTo(mix.nLineItems());
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            if (i > 0) {
                items.append(',');
            }
            items.append(products.pick(random)).append(':').append(1 + random.nextInt(3));
        }
        return items.toString();
    }

    private static double share(int pct) {
        return pct / 100.0;
    }

    private int upTo(int mean) {
        return 1 + random.nextInt(Math.max(1, 2 * mean - 1));
    }

    @FunctionalInterface
    private interface Request {
        Page send() throws StoreFrontException, InterruptedException;
    }

    /** Times the pages of one order, each from the moment it was due, and shows each to the cuts while it waits. */
    private final class Timeline {
        private final IntervalRecorder.InFlight unit;
        private long dueNanos;

        Timeline(long intendedStartNanos, IntervalRecorder.InFlight unit) {
            this.dueNanos = intendedStartNanos;
            this.unit = unit;
        }

        Page step(String operation, Request request) throws StoreFrontException, InterruptedException {
            Duration limit = qosLimits.get(operation);
            unit.request(operation, store.vmName(), System.nanoTime() + store.timeout().toNanos(), dueNanos,
                    limit == null ? Long.MAX_VALUE : limit.toNanos());
            Page page;
            boolean latencyOurs;
            try {
                page = request.send();
            } catch (StoreFrontException e) {
                failed(operation, e.getMessage());
                throw e;
            } finally {
                latencyOurs = unit.answered();
            }
            if (unit.settled()) { // a cut failed the order: this page was past its timeout there
                throw new StoreFrontException(operation + " was past its timeout at an interval's cut");
            }
            long now = System.nanoTime();
            if (latencyOurs) { // else a cut found it past its limit and recorded it so far
                recorder.success(operation, now - dueNanos);
            }
            dueNanos = now;
            return page;
        }

        StoreFrontException fail(String operation, String why) {
            failed(operation, why);
            return new StoreFrontException(why);
        }

        private void failed(String operation, String why) {
            if (unit.settle()) { // else a cut already failed the order, this page past its timeout
                recorder.failedUnit(operation, store.vmName());
            }
            if (!Thread.currentThread().isInterrupted()) { // else the driver's stop cut the request
                failures.failed(store.vmName(), operation, why);
            }
        }
    }
}
