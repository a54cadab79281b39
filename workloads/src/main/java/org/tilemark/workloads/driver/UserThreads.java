package org.tilemark.workloads.driver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A driver's simulated users, each on a virtual thread of its own, stopped together. */
public final class UserThreads {

    private final List<OpenLoopUser> users = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    public void start(String threadName, OpenLoopUser user) {
        users.add(user);
        threads.add(Thread.ofVirtual().name(threadName).start(user));
    }

    /**
     * Stops every user (no new cycles), interrupts cycles in flight, and waits up to {@code grace}
     * for each thread, so whatever the users hold can be closed afterwards.
     */
    public void stopAll(Duration grace) {
        users.forEach(OpenLoopUser::stop);
        threads.forEach(Thread::interrupt);
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
