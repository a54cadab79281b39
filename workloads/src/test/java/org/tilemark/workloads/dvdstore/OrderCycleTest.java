package org.tilemark.workloads.dvdstore;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tilemark.workloads.driver.FirstFailures;
import org.tilemark.workloads.driver.HttpConnection;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;
import org.tilemark.workloads.driver.StartPlan;

/** DS3's order loop against a fake store front that answers with the markers the real pages carry. */
class OrderCycleTest {

    /** Starts an hour apart: a unit's owner with no further start due while a test runs. */
    private static final long HOUR_NANOS = Duration.ofHours(1).toNanos();

    private static final String VM = "tile1-dvdstore-web1";
    private static final DvdStoreMixSpec DS3_MIX = new DvdStoreMixSpec(20, 1, 3, 5, 3, 5, 10, 5);
    private static final DvdStoreMixSpec LOGIN_ONLY = new DvdStoreMixSpec(0, 0, 3, 5, 3, 0, 0, 5);
    private static final Ds3Catalog CATALOG = new Ds3Catalog(Ds3Size.S, 42);
    private static final int MANY_ORDERS = 600;
    /** DVD Store's default QoS limits: pages slower than these at a cut are timed there. */
    private static final Map<String, Duration> LIMITS = Map.of("login", Duration.ofSeconds(1),
            "newCustomer", Duration.ofSeconds(1), "browse", Duration.ofSeconds(1), "purchase", Duration.ofSeconds(2));

    private enum Purchase { ORDER, ROLLBACK, SERVER_ERROR, NO_ORDER_ID, HANG }

    private HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final List<Map<String, String>> purchases = new CopyOnWriteArrayList<>();
    private volatile boolean refuseLogins;
    private volatile Purchase purchase = Purchase.ORDER;
    private final CountDownLatch purchaseWaiting = new CountDownLatch(1);
    private final CountDownLatch purchaseReleased = new CountDownLatch(1);
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private final CommittedOrders committed = new CommittedOrders();
    private final java.util.concurrent.atomic.AtomicInteger lastOrderId = new java.util.concurrent.atomic.AtomicInteger(100);

    @BeforeEach
    void startFakeStore() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/ds3/", this::handle);
        server.start();
    }

    @AfterEach
    void stopFakeStore() {
        server.stop(0);
    }

    @Test
    void completedOrdersAreTimedPerPageAndAsAWhole() throws Exception {
        int orders = 40;
        runOrders(DS3_MIX, orders);

        IntervalSnapshot cut = recorder.cut();
        assertThat(cut.measure().completed()).isEqualTo(orders);
        assertThat(cut.measure().errors()).isZero();
        assertThat(cut.measure().rollbacks()).isZero();
        assertThat(cut.measure().errorsByOperation()).isEmpty();
        assertThat(cut.measure().errorsByVm()).isEmpty();
        assertThat(count(cut, "order")).isEqualTo(orders);
        assertThat(count(cut, "purchase")).isEqualTo(orders);
        assertThat(count(cut, "getReviews")).isBetween((long) orders, 5L * orders);
        assertThat(count(cut, "login") + count(cut, "newCustomer")).isEqualTo(orders);
        assertThat(count(cut, "login")).isPositive();
        assertThat(count(cut, "newCustomer")).isPositive();
        // 1..2n-1 searches, review browses and review reads per order (n = 3).
        assertThat(count(cut, "browse")).isBetween((long) orders, 5L * orders);
        assertThat(count(cut, "browseReviews")).isBetween((long) orders, 5L * orders);
        assertThat(cut.measure().latencyNanos().keySet()).isSubsetOf(OrderCycle.OPERATIONS);
        // Every confirmed order's id is kept for the audit after the run.
        assertThat(java.util.Arrays.stream(committed.ids()).sorted().toArray())
                .isEqualTo(java.util.stream.LongStream.rangeClosed(101, 100 + orders).toArray());
        // Requests only ever name valid products and customers of the catalog.
        assertThat(purchases).hasSize(orders).allSatisfy(form -> {
            assertThat(form.get("items")).matches("\\d+:[1-3](,\\d+:[1-3]){0,8}");
            for (String line : form.get("items").split(",")) {
                assertThat(Long.parseLong(line.split(":")[0])).isBetween(1L, CATALOG.size().products());
            }
            assertThat(Long.parseLong(form.get("customerid"))).isPositive();
        });
        assertThat(requests).filteredOn(r -> r.startsWith("/ds3/login ")).allSatisfy(r ->
                assertThat(r).matches("/ds3/login username=user\\d+&password=password|/ds3/login password=password&username=user\\d+"));
    }

    /** One run of many orders serves the statistical checks of DS3's loop (each below). */
    @Test
    void manyOrdersFollowDs3sLoop() throws Exception {
        runOrders(DS3_MIX, MANY_ORDERS);

        readsReviewsAboutThreeTimesPerOrderInDs3sThreeWays(MANY_ORDERS);
        basketsDrawFromPopularityNotFromBrowsedProducts();
        oneDrawPerOrderNestsTheRareSteps();
        searchesUseRandomWordsThatMostlyMatchNothing();
    }

    private void readsReviewsAboutThreeTimesPerOrderInDs3sThreeWays(int orders) {
        double perOrder = count(recorder.cut(), "getReviews") / (double) orders;
        // DS3: 1..2r-1 reads (r = 3), mean 3; the mean of 600 orders is 3 +- 0.06 (one standard error).
        assertThat(perOrder).isBetween(2.5, 3.5);
        List<Map<String, String>> reads = fields("/ds3/getreviews");
        assertThat(reads).extracting(f -> f.get("type")).containsOnly("noorder", "star", "date")
                .contains("noorder", "star", "date");
        for (List<String> order : orders()) {
            // One star level is drawn per order and serves all its reads.
            assertThat(order.stream().filter(r -> r.startsWith("/ds3/getreviews ")).map(r -> form(r.split(" ", 2)[1]).get("stars"))
                    .distinct()).hasSizeLessThanOrEqualTo(1);
        }
        // Review searches use one surname or one title word, as DS3's.
        assertThat(fields("/ds3/browsereviews")).allSatisfy(f -> assertThat(f.get("value")).doesNotContain(" "));
    }

    private void basketsDrawFromPopularityNotFromBrowsedProducts() {
        // The fake store's browse pages always list products 11, 22 and 33. Drawn from DS3's
        // popularity array (10,000 products) a line names one of them with probability 3/10,000:
        // about 0.9 of the ~3,000 lines. Buying half the lines from browsed products would give ~1,500.
        long lines = 0;
        long browsed = 0;
        for (Map<String, String> form : purchases) {
            for (String line : form.get("items").split(",")) {
                lines++;
                if (List.of("11", "22", "33").contains(line.split(":")[0])) {
                    browsed++;
                }
            }
        }
        assertThat(lines).isGreaterThan(2_500);
        assertThat(browsed).isLessThan(9);
    }

    private void oneDrawPerOrderNestsTheRareSteps() {
        List<List<String>> orders = orders();
        assertThat(orders).hasSize(MANY_ORDERS);
        int rareOrders = 0;
        for (List<String> order : orders) {
            boolean member = has(order, "/ds3/newmember");
            boolean review = has(order, "/ds3/newreview");
            boolean helpful = has(order, "/ds3/newhelpfulness");
            if (member || review || helpful) {
                rareOrders++;
                // DS3 compares one draw with 1 % (member) <= 5 % (review) <= 10 % (helpfulness) <= 20 % (new customer).
                assertThat(order.get(0)).startsWith("/ds3/newcustomer ");
                assertThat(!member || review).isTrue();
                assertThat(!review || helpful).isTrue();
            }
        }
        // 10 % of 600 orders: 60, standard deviation 7.3.
        assertThat(rareOrders).isBetween(30, 95);
    }

    private void searchesUseRandomWordsThatMostlyMatchNothing() {
        java.util.Set<String> actors = new java.util.HashSet<>();
        java.util.Set<String> titles = new java.util.HashSet<>();
        for (long id = 1; id <= CATALOG.size().products(); id++) {
            actors.add(CATALOG.actorOf(id));
            titles.add(CATALOG.titleOf(id));
        }
        List<Map<String, String>> browses = fields("/ds3/browse");
        List<String> actorSearches = browses.stream().filter(f -> f.get("type").equals("actor")).map(f -> f.get("value")).toList();
        List<String> titleSearches = browses.stream().filter(f -> f.get("type").equals("title")).map(f -> f.get("value")).toList();
        assertThat(actorSearches).hasSizeGreaterThan(100);
        assertThat(titleSearches).hasSizeGreaterThan(100);
        // At size S DS3's searches name an existing actor about 22 % of the time and a title about 1 %.
        assertThat(actorSearches.stream().filter(actors::contains).count()).isBetween(1L, actorSearches.size() * 4L / 10);
        assertThat(titleSearches.stream().filter(titles::contains).count()).isLessThan(titleSearches.size() / 10L);
        assertThat(browses.stream().filter(f -> f.get("type").equals("category")).map(f -> Integer.parseInt(f.get("value"))))
                .allSatisfy(c -> assertThat(c).isBetween(1, 16));
    }

    @Test
    void aRefusedLoginFailsTheOrderBeforeItBuysAnything() throws Exception {
        refuseLogins = true;
        runOrders(LOGIN_ONLY, 5);

        IntervalSnapshot cut = recorder.cut();
        assertThat(cut.measure().errors()).isEqualTo(5);
        assertThat(cut.measure().completed()).isZero();
        assertThat(cut.measure().errorsByOperation()).isEqualTo(Map.of("login", 5L));
        assertThat(cut.measure().errorsByVm()).isEqualTo(Map.of(VM, 5L));
        assertThat(count(cut, "order")).isZero();
        assertThat(purchases).isEmpty();
    }

    @Test
    void aRollbackIsCountedAndTheOrderStillCompletes() throws Exception {
        purchase = Purchase.ROLLBACK;
        runOrders(LOGIN_ONLY, 4);

        IntervalSnapshot cut = recorder.cut();
        assertThat(cut.measure().rollbacks()).isEqualTo(4);
        // As DS3 counts: a rolled-back order is a finished order loop; the failure rule counts the rollback.
        assertThat(cut.measure().completed()).isEqualTo(4);
        assertThat(cut.measure().errors()).isZero();
        assertThat(committed.ids()).as("a refused order was never committed").isEmpty();
    }

    @Test
    void aFailedPurchaseCountsAsAnErrorOfTheVm() throws Exception {
        purchase = Purchase.SERVER_ERROR;
        runOrders(LOGIN_ONLY, 3);

        IntervalSnapshot cut = recorder.cut();
        assertThat(cut.measure().errors()).isEqualTo(3);
        assertThat(cut.measure().completed()).isZero();
        assertThat(cut.measure().errorsByOperation()).isEqualTo(Map.of("purchase", 3L));
        assertThat(cut.measure().errorsByVm()).isEqualTo(Map.of(VM, 3L));
        assertThat(count(cut, "login")).isEqualTo(3);
        assertThat(count(cut, "purchase")).isZero();
    }

    @Test
    void aPurchasePageWithoutOrderIdIsAnError() throws Exception {
        purchase = Purchase.NO_ORDER_ID;
        runOrders(LOGIN_ONLY, 2);

        IntervalSnapshot cut = recorder.cut();
        assertThat(cut.measure().errors()).isEqualTo(2);
        assertThat(cut.measure().completed()).isZero();
        assertThat(cut.measure().errorsByOperation()).isEqualTo(Map.of("purchase", 2L));
        assertThat(committed.ids()).isEmpty();
    }

    @Test
    void aPagePastItsTimeoutAtACutFailsTheOrderThereAndItsLateAnswerCountsNothingMore() throws Exception {
        purchase = Purchase.HANG;
        AtomicLong ahead = new AtomicLong(); // the cuts' clock runs ahead of the real one by this much
        IntervalRecorder cuts = new IntervalRecorder(Clock.systemUTC(), () -> System.nanoTime() + ahead.get());
        Duration timeout = Duration.ofSeconds(30);
        StoreFront store = new StoreFront(new HttpConnection(server.getAddress(), Duration.ofSeconds(5)), VM, timeout);
        OrderCycle cycle = new OrderCycle(store, CATALOG, LOGIN_ONLY, new SplittableRandom(5), cuts,
                new FirstFailures("DVD Store"), "test", committed, Map.of());
        IntervalRecorder.InFlight order = cuts.started(StartPlan.periodic(System.nanoTime() + HOUR_NANOS, HOUR_NANOS));
        Thread user = orderOnItsOwnThread(cycle, order);
        try {
            purchaseWaiting.await();
            IntervalSnapshot waiting = cuts.cut();
            assertThat(waiting.measure().errors()).as("the purchase page is within its timeout").isZero();
            assertThat(waiting.measure().attempts()).isEqualTo(1);

            ahead.set(timeout.plusSeconds(1).toNanos());
            IntervalSnapshot pastTimeout = cuts.cut();
            assertThat(pastTimeout.measure().errors()).isEqualTo(1);
            assertThat(pastTimeout.measure().errorsByOperation()).isEqualTo(Map.of("purchase", 1L));
            assertThat(pastTimeout.measure().errorsByVm()).isEqualTo(Map.of(VM, 1L));
            assertThat(pastTimeout.measure().completed()).isZero();
        } finally {
            purchaseReleased.countDown(); // answered after all, within the connection's own (real) timeout
        }
        user.join(Duration.ofSeconds(10));
        assertThat(user.isAlive()).isFalse();
        assertThat(cuts.end(order)).as("the cut took the order's outcome").isFalse();
        IntervalSnapshot after = cuts.cut();
        assertThat(after.measure().errors()).isZero();
        assertThat(after.measure().completed()).isZero();
        assertThat(count(after, "order")).isZero();
        assertThat(count(after, "purchase")).as("the late page is not timed").isZero();
        assertThat(committed.ids()).as("an order the driver counted failed is not one it saw confirmed").isEmpty();
    }

    @Test
    void aPageWaitingPastItsQosLimitAtACutIsTimedThereSoFarAndNotAgainWhenAnswered() throws Exception {
        purchase = Purchase.HANG;
        AtomicLong ahead = new AtomicLong(); // the cuts' clock runs ahead of the real one by this much
        IntervalRecorder cuts = new IntervalRecorder(Clock.systemUTC(), () -> System.nanoTime() + ahead.get());
        StoreFront store = new StoreFront(new HttpConnection(server.getAddress(), Duration.ofSeconds(5)), VM,
                Duration.ofSeconds(30));
        OrderCycle cycle = new OrderCycle(store, CATALOG, LOGIN_ONLY, new SplittableRandom(5), cuts,
                new FirstFailures("DVD Store"), "test", committed, LIMITS);
        IntervalRecorder.InFlight order = cuts.started(StartPlan.periodic(System.nanoTime() + HOUR_NANOS, HOUR_NANOS));
        Thread user = orderOnItsOwnThread(cycle, order);
        IntervalSnapshot late;
        try {
            purchaseWaiting.await();
            ahead.set(Duration.ofSeconds(5).toNanos()); // the purchase page has waited 5 s: past its 2 s limit
            late = cuts.cut();
            assertThat(count(late, "purchase")).isEqualTo(1);
            assertThat(late.measure().latencyNanos().get("purchase").getMaxValue())
                    .isGreaterThanOrEqualTo(Duration.ofSeconds(5).toNanos() * 999 / 1000);
            assertThat(late.measure().errors()).as("within its 30 s timeout").isZero();
            assertThat(late.measure().completed()).isZero();
        } finally {
            purchaseReleased.countDown();
        }
        user.join(Duration.ofSeconds(10));
        assertThat(user.isAlive()).isFalse();
        cuts.end(order);
        IntervalSnapshot after = cuts.cut();
        assertThat(after.measure().completed()).as("the order completed").isEqualTo(1);
        assertThat(count(after, "purchase")).as("timed at the cut, once").isZero();
        assertThat(count(after, "login")).as("answered within its limit: timed by its owner").isZero();
        assertThat(count(late, "login")).isEqualTo(1);
    }

    /** The user's thread running {@code cycle}'s one order, while the test's cuts it. */
    private static Thread orderOnItsOwnThread(OrderCycle cycle, IntervalRecorder.InFlight order) {
        return Thread.ofPlatform().start(() -> {
            try {
                cycle.run(System.nanoTime(), order);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void runOrders(DvdStoreMixSpec mix, int orders) throws InterruptedException {
        StoreFront store = new StoreFront(new HttpConnection(server.getAddress(), Duration.ofSeconds(5)), VM, Duration.ofSeconds(10));
        OrderCycle cycle = new OrderCycle(store, CATALOG, mix, new SplittableRandom(5), recorder, new FirstFailures("DVD Store"), "test",
                committed, LIMITS);
        for (int i = 0; i < orders; i++) {
            IntervalRecorder.InFlight unit = recorder.started(StartPlan.periodic(System.nanoTime() + HOUR_NANOS, HOUR_NANOS));
            cycle.run(System.nanoTime(), unit);
            recorder.end(unit);
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String raw = "POST".equals(exchange.getRequestMethod())
                ? new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)
                : exchange.getRequestURI().getRawQuery();
        Map<String, String> fields = form(raw);
        requests.add(path + " " + URLDecoder.decode(raw == null ? "" : raw, StandardCharsets.UTF_8));
        switch (path) {
            case "/ds3/login" -> respond(exchange, 200, span("customerid",
                    refuseLogins ? 0 : Long.parseLong(fields.get("username").substring("user".length()))));
            case "/ds3/newcustomer" -> respond(exchange, 200, span("customerid", 20_001));
            case "/ds3/browse" -> respond(exchange, 200, rows("data-prod-id", 11, 22, 33));
            case "/ds3/browsereviews" -> respond(exchange, 200, rows("data-prod-id", 44));
            case "/ds3/getreviews" -> respond(exchange, 200, rows("data-review-id", 501, 502));
            case "/ds3/newmember", "/ds3/newreview", "/ds3/newhelpfulness" -> respond(exchange, 200, "<h2>ok</h2>");
            case "/ds3/purchase" -> {
                purchases.add(fields);
                switch (purchase) {
                    case ORDER -> respond(exchange, 200, span("orderid", lastOrderId.incrementAndGet()));
                    case ROLLBACK -> respond(exchange, 200, span("orderid", 0) + span("rollback", "short of stock"));
                    case SERVER_ERROR -> respond(exchange, 500, "<h1>boom</h1>");
                    case NO_ORDER_ID -> respond(exchange, 200, "<h2>Thank you</h2>");
                    case HANG -> {
                        purchaseWaiting.countDown();
                        awaitQuietly(purchaseReleased);
                        respond(exchange, 200, span("orderid", lastOrderId.incrementAndGet()));
                    }
                }
            }
            default -> respond(exchange, 404, "not found");
        }
    }

    /** The logged requests split into orders: each starts with a login or a new customer. */
    private List<List<String>> orders() {
        List<List<String>> orders = new java.util.ArrayList<>();
        for (String request : requests) {
            if (request.startsWith("/ds3/login ") || request.startsWith("/ds3/newcustomer ")) {
                orders.add(new java.util.ArrayList<>());
            }
            orders.get(orders.size() - 1).add(request);
        }
        return orders;
    }

    private static boolean has(List<String> order, String path) {
        return order.stream().anyMatch(r -> r.startsWith(path + " "));
    }

    private List<Map<String, String>> fields(String path) {
        return requests.stream().filter(r -> r.startsWith(path + " ")).map(r -> form(r.split(" ", 2)[1])).toList();
    }

    private static Map<String, String> form(String raw) {
        Map<String, String> fields = new HashMap<>();
        if (raw == null || raw.isEmpty()) {
            return fields;
        }
        for (String pair : raw.split("&")) {
            String[] kv = pair.split("=", 2);
            fields.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                    kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
        }
        return fields;
    }

    private static String span(String id, long value) {
        return "<span id=\"" + id + "\">" + value + "</span>\n";
    }

    private static String span(String id, String value) {
        return "<span id=\"" + id + "\">" + value + "</span>\n";
    }

    private static String rows(String attribute, long... ids) {
        StringBuilder html = new StringBuilder("<table>\n");
        for (long id : ids) {
            html.append("<tr ").append(attribute).append("=\"").append(id).append("\"><td>x</td></tr>\n");
        }
        return html.append("</table>\n").toString();
    }

    private static long count(IntervalSnapshot cut, String operation) {
        var h = cut.measure().latencyNanos().get(operation);
        return h == null ? 0 : h.getTotalCount();
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
