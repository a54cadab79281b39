package org.tilemark.workloads.driver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A driver's simulated users, each on a thread of its own, stopped together. Stopping ends each user's
 * next cycle, interrupts its sleep, and ends I/O it is blocked in: on a virtual thread the interrupt does
 * that (it closes a socket the thread is blocked on); on a platform thread the user's abort does.
 */
public final class UserThreads {

    private static final Runnable INTERRUPT_ENDS_IT = () -> { };

    private final Thread.Builder builder;
    private final List<OpenLoopUser> users = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Runnable> aborts = new ArrayList<>();

    private UserThreads(Thread.Builder builder) {
        this.builder = builder;
    }

    /** Users on virtual threads: for I/O an interrupt ends, such as a client library's sockets. */
    public static UserThreads virtual() {
        return new UserThreads(Thread.ofVirtual());
    }

    /**
     * Users on platform threads (256 KiB stacks), each given the abort that ends its blocking I/O. A
     * request then costs the kernel's one wake-up of the blocked thread, not a poller's and a carrier
     * thread's as well (bench/driver-cost's JFR split, which undercounts both alike: DVD Store 105-111 µs of
     * CPU per page on virtual threads, 85 on platform threads).
     */
    public static UserThreads platform() {
        return new UserThreads(Thread.ofPlatform().stackSize(256 * 1024).daemon(true));
    }

    /** Starts a user whose blocking I/O an interrupt ends (a virtual thread's). */
    public void start(String threadName, OpenLoopUser user) {
        start(threadName, user, INTERRUPT_ENDS_IT);
    }

    /** Starts a user; {@code abort}, run from the stopping thread, ends the I/O the user may be blocked in. */
    public void start(String threadName, OpenLoopUser user, Runnable abort) {
        users.add(user);
        aborts.add(abort);
        threads.add(builder.name(threadName).start(user));
    }

    /**
     * Stops every user (no new cycles), interrupts cycles in flight and ends their blocking I/O, and waits
     * up to {@code grace} for each thread, so whatever the users hold can be closed afterwards.
     */
    public void stopAll(Duration grace) {
        users.forEach(OpenLoopUser::stop);
        threads.forEach(Thread::interrupt);
        aborts.forEach(Runnable::run);
        for (Thread t : threads) {
            try {
                t.join(grace);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
