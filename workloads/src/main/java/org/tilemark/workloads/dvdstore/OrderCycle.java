package org.tilemark.workloads.dvdstore;

import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import org.tilemark.config.DvdStoreMixSpec;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.OpenLoopUser;
import org.tilemark.workloads.dvdstore.StoreFront.Page;
import org.tilemark.workloads.dvdstore.StoreFront.StoreFrontException;

/**
 * One DVD Store 3 order, as DS3's driver runs it: log in (or register a new customer), maybe enrol
 * a member, search, browse and get reviews (maybe write one or rate one), then purchase. Each page's
 * latency runs from when it was meant to start: the order's intended start for the first, the
 * previous page's completion for the rest. The order stops at the first failed page and counts as
 * an error.
 */
final class OrderCycle implements OpenLoopUser.Cycle {

    static final List<String> OPERATIONS = List.of("login", "newCustomer", "newMember", "browse", "browseReviews",
            "getReviews", "newReview", "helpfulness", "purchase", "order");

    private final StoreFront store;
    private final Ds3Catalog catalog;
    private final OrderRequests requests;
    private final DvdStoreMixSpec mix;
    private final RandomGenerator random;
    private final IntervalRecorder recorder;
    private final String userTag;
    private long newCustomers;

    OrderCycle(StoreFront store, Ds3Catalog catalog, DvdStoreMixSpec mix, RandomGenerator random,
               IntervalRecorder recorder, String userTag) {
        this.store = store;
        this.catalog = catalog;
        this.requests = new OrderRequests(catalog, mix, random);
        this.mix = mix;
        this.random = random;
        this.recorder = recorder;
        this.userTag = userTag;
    }

    @Override
    public void run(long intendedStartNanos) throws InterruptedException {
        Timeline timeline = new Timeline(intendedStartNanos);
        // DS3 draws one number per order and compares it with every percentage, so with its default
        // percentages the rare steps (new member, review, rating) all fall on new customers' orders.
        double userType = random.nextDouble();
        try {
            long customerId = userType < share(mix.pctNewCustomers()) ? newCustomer(timeline) : login(timeline);
            if (userType <= share(mix.pctNewMember())) {
                timeline.step("newMember", () -> store.post("/ds3/newmember", requests.newMember()));
            }
            int searches = requests.upTo(mix.nSearches());
            for (int i = 0; i < searches; i++) {
                timeline.step("browse", () -> store.get("/ds3/browse", requests.browse()));
            }
            reviews(timeline, customerId, userType);
            Page order = timeline.step("purchase", () -> store.post("/ds3/purchase",
                    Map.of("customerid", Long.toString(customerId), "items", requests.basket())));
            if (order.rolledBack()) {
                recorder.rolledBack();
            } else if (order.id("orderid").orElse(0) <= 0) {
                throw timeline.fail("purchase", "no order id in the purchase page");
            }
            recorder.success("order", System.nanoTime() - intendedStartNanos);
            recorder.completed();
        } catch (StoreFrontException e) {
            recorder.failedUnit();
        }
    }

    private long login(Timeline timeline) throws StoreFrontException, InterruptedException {
        long customerId = requests.anyCustomer();
        Page page = timeline.step("login", () -> store.get("/ds3/login",
                Map.of("username", catalog.username(customerId), "password", catalog.password(customerId))));
        if (page.id("customerid").orElse(0) != customerId) {
            throw timeline.fail("login", "login of " + catalog.username(customerId) + " was refused");
        }
        return customerId;
    }

    private long newCustomer(Timeline timeline) throws StoreFrontException, InterruptedException {
        String username = "nc" + userTag + "x" + (++newCustomers);
        Page page = timeline.step("newCustomer", () -> store.post("/ds3/newcustomer", requests.newCustomer(username)));
        long id = page.id("customerid").orElse(0);
        if (id <= 0) {
            throw timeline.fail("newCustomer", "new customer " + username + " was refused");
        }
        return id;
    }

    /** DS3: 1..2r-1 review searches, then 1..2r-1 get-reviews of popular-skewed products; maybe a review and a rating. */
    private void reviews(Timeline timeline, long customerId, double userType) throws StoreFrontException, InterruptedException {
        int browses = requests.upTo(mix.nReviews());
        for (int i = 0; i < browses; i++) {
            timeline.step("browseReviews", () -> store.get("/ds3/browsereviews", requests.browseReviews()));
        }
        int stars = requests.stars();
        int gets = requests.upTo(mix.nReviews());
        for (int i = 0; i < gets; i++) {
            timeline.step("getReviews", () -> store.get("/ds3/getreviews", requests.getReviews(stars)));
        }
        if (userType <= share(mix.pctNewReview())) {
            timeline.step("newReview", () -> store.post("/ds3/newreview", requests.newReview(customerId, userTag)));
        }
        if (userType <= share(mix.pctHelpfulness())) {
            timeline.step("helpfulness", () -> store.post("/ds3/newhelpfulness", requests.helpfulness(customerId)));
        }
    }

    private static double share(int pct) {
        return pct / 100.0;
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
                recorder.failure(operation, store.vmName());
                throw e;
            }
        }

        StoreFrontException fail(String operation, String why) {
            recorder.failure(operation, store.vmName());
            return new StoreFrontException(why);
        }
    }
}
