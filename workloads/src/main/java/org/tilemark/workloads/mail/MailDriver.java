package org.tilemark.workloads.mail;

import jakarta.mail.Session;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.tilemark.config.MailSpec;
import org.tilemark.workloads.DriverContext;
import org.tilemark.workloads.WorkloadDriver;
import org.tilemark.workloads.driver.IntervalRecorder;
import org.tilemark.workloads.driver.IntervalSnapshot;
import org.tilemark.workloads.driver.LoadShape;
import org.tilemark.workloads.driver.OpenLoopUser;
import org.tilemark.workloads.driver.ThinkTime;
import org.tilemark.workloads.driver.UserThreads;

/**
 * The mail load of one tile: {@code users} simulated users on virtual threads, each with its own
 * mail client, performing {@code tasksPerUserPerDay} actions over a workday sped up by
 * {@code acceleration} (negative-exponential gaps, open loop), plus one delivery checker.
 */
final class MailDriver implements WorkloadDriver {

    static final Duration DELIVERY_GIVE_UP = Duration.ofSeconds(60);
    static final Duration DELIVERY_POLL = Duration.ofMillis(100);

    private final DriverContext context;
    private final MailSpec spec;
    private final MailEndpoints endpoints;
    private final String password;
    private final IntervalRecorder recorder = new IntervalRecorder(Clock.systemUTC());
    private final UserThreads users = new UserThreads();
    private final List<MailClient> clients = new ArrayList<>();
    private DeliveryChecker checker;
    private Thread checkerThread;

    MailDriver(DriverContext context, MailEndpoints endpoints, String password) {
        this.context = context;
        this.spec = context.spec().workloads().mail();
        this.endpoints = endpoints;
        this.password = password;
    }

    /** The mean gap between one user's actions: the workday, shortened by acceleration, over its tasks. */
    static Duration meanThinkTime(MailSpec spec) {
        return Duration.ofNanos((long) (spec.workday().toNanos() / (spec.tasksPerUserPerDay() * spec.acceleration())));
    }

    @Override
    public void start(Instant origin) {
        Session session = MailSessions.session(spec.requestTimeout());
        MessageFactory messages = new MessageFactory(session);
        WeightedChoice<String> actions = new WeightedChoice<>(spec.actionMix());
        for (String action : actions.values()) {
            if (!MailSpec.ACTIONS.contains(action)) {
                throw new IllegalArgumentException("unknown mail action '" + action + "' (known: " + MailSpec.ACTIONS + ")");
            }
        }
        WeightedChoice<Integer> sizes = new WeightedChoice<>(MailSizes.fromSpec(spec.messageSizes()));
        checker = new DeliveryChecker(session, endpoints, password, recorder, DELIVERY_GIVE_UP, DELIVERY_POLL);
        checkerThread = Thread.ofVirtual().name("mail-t" + context.tile() + "-delivery").start(checker);
        Duration mean = meanThinkTime(spec);
        ThinkTime thinkTime = ThinkTime.negativeExponential(mean, mean.multipliedBy(5));
        LoadShape shape = LoadShape.constant(spec.users());
        long originNanos = System.nanoTime() + Duration.between(Instant.now(), origin).toNanos();
        SplittableRandom seeds = new SplittableRandom(context.seed() * 31 + context.tile());
        String runTag = Long.toString(Math.abs(seeds.nextLong()), 36);
        for (int i = 0; i < spec.users(); i++) {
            SplittableRandom random = seeds.split();
            int userNumber = i + 1;
            MailClient client = new MailClient(session, endpoints, MailUsers.login(userNumber), password);
            MailCycle.Setup setup = new MailCycle.Setup(userNumber, spec.users(), spec, actions, sizes, messages, recorder,
                    checker, endpoints.name(), "tm" + runTag + "t" + context.tile() + "u" + userNumber);
            clients.add(client);
            users.start("mail-t" + context.tile() + "-u" + userNumber, new OpenLoopUser(i, originNanos, thinkTime, shape,
                    random, recorder, new MailCycle(setup, client, random)));
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
    }
}
