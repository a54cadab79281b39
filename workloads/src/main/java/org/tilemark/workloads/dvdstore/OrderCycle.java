package org.tilemark.workloads.dvdstore;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.random.RandomGenerator;
import org.tilemark.config.DvdStoreMixSpec;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.OpenLoopUser;
import org.tilemark.workloads.dvdstore.StoreFront.Page;
import org.tilemark.workloads.dvdstore.StoreFront.StoreFrontException;

/**
 * One DVD Store 3 order, as DS3's driver runs it: log in (or register a new customer), maybe join,
 * search, read reviews (maybe write one or rate one), then purchase. Each page's latency runs from
 * when it was meant to start: the order's intended start for the first, the previous page's
 * completion for the rest. The order stops at the first failed page and counts as an error.
 */
final class OrderCycle implements OpenLoopUser.Cycle {

    static final List<String> OPERATIONS = org.tilemark.config.DvdStoreSpec.OPERATIONS;

    private final StoreFront store;
    private final Ds3Catalog catalog;
    private final ProductPicker products;
    private final DvdStoreMixSpec mix;
    private final RandomGenerator random;
    private final IntervalRecorder recorder;
    private final String userTag;
    private final CommittedOrders committed;
    private long newCustomers;

    OrderCycle(StoreFront store, Ds3Catalog catalog, DvdStoreMixSpec mix, RandomGenerator random,
               IntervalRecorder recorder, String userTag, CommittedOrders committed) {
        this.store = store;
        this.catalog = catalog;
        this.products = new ProductPicker(catalog.size().products());
        this.mix = mix;
        this.random = random;
        this.recorder = recorder;
        this.userTag = userTag;
        this.committed = committed;
    }

    @Override
    public void run(long intendedStartNanos) throws InterruptedException {
        Timeline timeline = new Timeline(intendedStartNanos);
        try {
            long customerId = percent(mix.pctNewCustomers()) ? newCustomer(timeline) : login(timeline);
            if (percent(mix.pctNewMember())) {
                timeline.step("newMember", () -> store.post("/ds3/newmember",
                        Map.of("customerid", Long.toString(customerId), "membershiptype", Integer.toString(1 + random.nextInt(3)))));
            }
            List<Long> seen = new ArrayList<>();
            int searches = upTo(mix.nSearches());
            for (int i = 0; i < searches; i++) {
                seen.addAll(timeline.step("browse", this::browse).products());
            }
            reviews(timeline, customerId);
            Page order = timeline.step("purchase", () -> store.post("/ds3/purchase",
                    Map.of("customerid", Long.toString(customerId), "items", basket(seen))));
            boolean refused = order.rolledBack();
            long orderId = order.id("orderid").orElse(0);
            if (!refused && orderId <= 0) {
                throw timeline.fail("purchase", "no order id in the purchase page");
            }
            if (!refused) {
                committed.add(orderId);
            }
            recorder.completed(DvdStoreWorkload.ORDER, System.nanoTime() - intendedStartNanos);
            if (refused) {
                recorder.rolledBack();
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

    private Page browse() throws StoreFrontException, InterruptedException {
        long product = 1 + random.nextLong(catalog.size().products());
        String batch = Integer.toString(upTo(mix.searchBatchSize()));
        return switch (random.nextInt(3)) {
            case 0 -> store.get("/ds3/browse", Map.of("type", "category", "value", Integer.toString(catalog.categoryOf(product)), "batch", batch));
            case 1 -> store.get("/ds3/browse", Map.of("type", "actor", "value", catalog.actorOf(product), "batch", batch));
            default -> store.get("/ds3/browse", Map.of("type", "title", "value", catalog.titleOf(product), "batch", batch));
        };
    }

    private void reviews(Timeline timeline, long customerId) throws StoreFrontException, InterruptedException {
        int browses = upTo(mix.nReviews());
        List<Long> reviewed = new ArrayList<>();
        for (int i = 0; i < browses; i++) {
            long product = 1 + random.nextLong(catalog.size().products());
            boolean byActor = random.nextBoolean();
            Map<String, String> query = Map.of("type", byActor ? "actor" : "title",
                    "value", byActor ? catalog.actorOf(product) : catalog.titleOf(product),
                    "batch", Integer.toString(upTo(mix.searchBatchSize())), "sort", random.nextBoolean() ? "star" : "date");
            reviewed.addAll(timeline.step("browseReviews", () -> store.get("/ds3/browsereviews", query)).products());
        }
        long product = reviewed.isEmpty() ? products.pick(random) : reviewed.get(random.nextInt(reviewed.size()));
        Page reviews = timeline.step("getReviews", () -> store.get("/ds3/getreviews",
                Map.of("prod_id", Long.toString(product), "batch", Integer.toString(upTo(mix.searchBatchSize())))));
        if (percent(mix.pctNewReview())) {
            timeline.step("newReview", () -> store.post("/ds3/newreview", Map.of("prod_id", Long.toString(product),
                    "customerid", Long.toString(customerId), "stars", Integer.toString(1 + random.nextInt(5)),
                    "summary", "Review by " + userTag, "text", "Tilemark review of product " + product)));
        }
        List<Long> reviewIds = reviews.reviews();
        if (percent(mix.pctHelpfulness()) && !reviewIds.isEmpty()) {
            long review = reviewIds.get(random.nextInt(reviewIds.size()));
            timeline.step("helpfulness", () -> store.post("/ds3/newhelpfulness", Map.of("review_id", Long.toString(review),
                    "customerid", Long.toString(customerId), "helpfulness", Integer.toString(1 + random.nextInt(10)))));
        }
    }

    /** 1..2n-1 lines; DS3 buys mostly what the customer browsed, with its popularity skew for the rest. */
    private String basket(List<Long> seen) {
        int lines = upTo(mix.nLineItems());
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            long product = !seen.isEmpty() && random.nextBoolean() ? seen.get(random.nextInt(seen.size())) : products.pick(random);
            if (i > 0) {
                items.append(',');
            }
            items.append(product).append(':').append(1 + random.nextInt(3));
        }
        return items.toString();
    }

    private int upTo(int mean) {
        return 1 + random.nextInt(Math.max(1, 2 * mean - 1));
    }

    private boolean percent(int pct) {
        return random.nextInt(100) < pct;
    }

    @FunctionalInterface
    private interface Request {
        Page send() throws StoreFrontException, InterruptedException;
    }

    /** Times the pages of one order, each from the moment it was due. */
    private final class Timeline {
        private long dueNanos;

        Timeline(long intendedStartNanos) {
            this.dueNanos = intendedStartNanos;
        }

        Page step(String operation, Request request) throws StoreFrontException, InterruptedException {
            try {
                Page page = request.send();
                long now = System.nanoTime();
                recorder.success(operation, now - dueNanos);
                dueNanos = now;
                return page;
            } catch (StoreFrontException e) {
                recorder.failedUnit(operation, store.vmName());
                throw e;
            }
        }

        StoreFrontException fail(String operation, String why) {
            recorder.failedUnit(operation, store.vmName());
            return new StoreFrontException(why);
        }
    }
}
