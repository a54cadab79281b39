package org.tilemark.workloads.driver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A driver's simulated users, each on a platform thread of its own, stopped together. Stopping ends each
 * user's next cycle, interrupts its sleep, and ends I/O it is blocked in: the user's abort does that, as
 * an interrupt does not end a platform thread's socket read.
 */
public final class UserThreads {

    private final Thread.Builder builder = Thread.ofPlatform().stackSize(256 * 1024).daemon(true);
    private final List<OpenLoopUser> users = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Runnable> aborts = new ArrayList<>();

    private UserThreads() {
    }

    /**
     * Users on platform threads (256 KiB stacks), each given the abort that ends its blocking I/O. A
     * request then costs the kernel's one wake-up of the blocked thread, not a poller's and a carrier
     * thread's as well (bench/driver-cost's JFR split, which undercounts both alike: DVD Store 105-111 µs of
     * CPU per page on virtual threads, 85 on platform threads; mail's users on virtual threads cost the
     * carriers and the poller 0.8-1.1 CPU-s a minute at the standard tile beyond their own).
     */
    public static UserThreads platform() {
        return new UserThreads();
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
