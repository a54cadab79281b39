package org.tilemark.workloads.mail;

import jakarta.mail.Session;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.DriverStart;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;
import org.tilemark.workloads.driver.LoadShape;
import org.tilemark.workloads.driver.OpenLoopUser;
import org.tilemark.workloads.driver.UserThreads;

/**
 * The mail load of one tile: {@code users} simulated users on platform threads of their own (a virtual
 * thread's sleeps and socket waits cost a poller's and a carrier's wake-ups as well: 0.8-1.1 CPU-s a
 * minute at the standard tile, docs/benchmarks.md), each with its own mail client, performing
 * {@code tasksPerUserPerDay} actions over a workday sped up by
 * {@code acceleration} (each action's daily count spread evenly over the day, as LoadGen does: see
 * {@link MailDay}; open loop), plus one delivery checker.
 */
final class MailDriver implements WorkloadDriver {

    private static final Logger LOG = LoggerFactory.getLogger(MailDriver.class);

    static final Duration DELIVERY_GIVE_UP = Duration.ofSeconds(60);
    static final Duration DELIVERY_POLL = Duration.ofMillis(100);

    private final DriverContext context;
    private final MailSpec spec;
    private final MailEndpoints endpoints;
    private final String password;
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private final UserThreads users = UserThreads.platform();
    /** Every client's sockets: stopping closes them, as an interrupt does not end a platform thread's read. */
    private final MailSockets sockets = new MailSockets();
    private final List<MailClient> clients = new ArrayList<>();
    /** The users' actions started, warm-up included: with {@link MailSockets#exchanges()}, the exchanges an action makes. */
    private final LongAdder actions = new LongAdder();
    private DeliveryChecker checker;
    private Thread checkerThread;

    MailDriver(DriverContext context, MailEndpoints endpoints, String password) {
        this.context = context;
        this.spec = context.spec().workloads().section(MailSpec.class);
        this.endpoints = endpoints;
        this.password = password;
    }

    /** The simulated workday as it passes in real time: shortened by acceleration. */
    static Duration acceleratedDay(MailSpec spec) {
        return Duration.ofNanos((long) (spec.workday().toNanos() / spec.acceleration()));
    }

    @Override
    public void start(DriverStart start) {
        Session session = MailSessions.session(spec.requestTimeout(), sockets);
        MessageFactory messages = new MessageFactory(session);
        WeightedChoice<Integer> sizes = new WeightedChoice<>(MailSizes.fromSpec(spec.messageSizes()));
        checker = new DeliveryChecker(session, endpoints, password, recorder, DELIVERY_GIVE_UP, DELIVERY_POLL);
        checkerThread = Thread.ofPlatform().daemon().stackSize(256 * 1024).name("mail-t" + context.tile() + "-delivery").start(checker);
        LoadShape shape = LoadShape.constant(spec.users());
        long originNanos = start.originNanos();
        SplittableRandom seeds = new SplittableRandom(context.seed() * 31 + context.tile());
        String runTag = Long.toString(Math.abs(seeds.nextLong()), 36);
        List<MailDay> days = MailDay.forTile(MailAction.mix(spec.actionMix()), spec.tasksPerUserPerDay(),
                acceleratedDay(spec), spec.users(), seeds);
        for (int i = 0; i < spec.users(); i++) {
            SplittableRandom random = seeds.split();
            int userNumber = i + 1;
            MailClient client = new MailClient(session, endpoints, MailUsers.login(userNumber), password);
            MailCycle.Setup setup = new MailCycle.Setup(userNumber, spec.users(), spec, sizes, messages, recorder,
                    checker, endpoints.name(), "tm" + runTag + "t" + context.tile() + "u" + userNumber, sockets);
            MailDay day = days.get(i);
            clients.add(client);
            MailCycle cycle = new MailCycle(setup, day, client, random);
            OpenLoopUser.Cycle counted = (intendedStartNanos, unit) -> {
                actions.increment();
                cycle.run(intendedStartNanos, unit);
            };
            users.start("mail-t" + context.tile() + "-u" + userNumber, new OpenLoopUser(i, originNanos, day, shape,
                    random.split(), recorder, counted), sockets::closeAll);
        }
    }

    @Override
    public IntervalSnapshot snapshot() {
        return recorder.cut();
    }

    @Override
    public void close() {
        if (checker != null) {
            checker.stop();
        }
        users.stopAll(Duration.ofSeconds(5));
        // Clients are closed only once their threads are done: a client belongs to one thread.
        clients.forEach(MailClient::close);
        if (checkerThread != null) {
            checkerThread.interrupt();
            try {
                checkerThread.join(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        LOG.info("{}", exchangesSummary());
    }

    /** What the users' actions and the delivery checker sent: the actions and their protocol exchanges (bench/driver-cost reads it). */
    String exchangesSummary() {
        long made = actions.sum();
        long sent = sockets.exchanges();
        return String.format(Locale.ROOT, "%s: %d mail actions made %d protocol exchanges (%.2f per action)",
                endpoints.name(), made, sent, made == 0 ? 0.0 : (double) sent / made);
    }
}
