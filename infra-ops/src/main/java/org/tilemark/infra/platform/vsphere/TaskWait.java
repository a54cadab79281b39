package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Follows every task of a session with one PropertyCollector of its own ({@code CreatePropertyCollector}, once
 * per session) and one thread calling {@code WaitForUpdatesEx} on it: each task gets a filter on its {@code info}
 * ({@code CreateFilter}, {@code DestroyPropertyFilter} when it ends), and one wait answers for all tasks in flight,
 * so 400 power-ons at once cost vCenter one long-poll, not 400 collectors and waits. Never a poll. A filter made
 * while the wait is held ends that wait ({@code CancelWaitForUpdates}, once for a burst of new tasks) and the next
 * one starts from version "" (every filter's current state): vcsim reports a new filter's first values only so,
 * where vCenter would also report them in the running wait. A task still
 * running at its timeout is cancelled ({@code CancelTask}); where the VM then is, vCenter says. When the session
 * ends (the collector and filters go with it) they are made again in the new one and every task is followed on.
 */
final class TaskWait implements AutoCloseable {

    /**
     * How long one WaitForUpdatesEx may hold its call open: under the SOAP call's timeout, and short enough that a
     * filter whose cancel overtook the wait it meant to end is reported soon after (calls only while tasks run).
     */
    private static final Duration MAX_WAIT = Duration.ofSeconds(5);
    /** vim25's fault for a wait ended by {@code CancelWaitForUpdates}. */
    private static final String CANCELED = "RequestCanceled";
    private static final int CANCEL_ATTEMPTS = 3;
    /** Waits vCenter fails in a row before the tasks followed fail with its error. */
    private static final int FAILED_WAITS = 3;

    private final Vim vim;
    private final Mor propertyCollector;
    /** Tasks followed, by their reference's value. */
    private final Map<String, Followed> followed = new ConcurrentHashMap<>();
    /** This session's collector, or null until the first task (or after the session ended). */
    private Mor collector;
    private long collectorLogins = -1;
    private Thread waiter;
    private volatile boolean closed;
    /** A filter was made since the waiter last started from version "": the next wait does. */
    private boolean newFilters;
    /** The waiter holds a wait (number {@link #waits}). */
    private boolean waitHeld;
    private long waits;

    TaskWait(Vim vim, Mor propertyCollector) {
        this.vim = vim;
        this.propertyCollector = propertyCollector;
    }

    /** A task being followed: its filter in the current collector, its last {@code info}, its end. */
    private static final class Followed {
        final Mor task;
        final CompletableFuture<Optional<Node>> end = new CompletableFuture<>();
        volatile Mor filter;
        volatile Node info;

        Followed(Mor task) {
            this.task = task;
        }
    }

    Optional<Node> await(Mor task, String method, Duration timeout) throws VimFault, IOException {
        Followed one = new Followed(task);
        followed.put(task.value(), one);
        try {
            register(one);
            return one.end.get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw cancelled(task, method, timeout, one.info);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case VimFault fault -> throw fault;
                case IOException io -> throw io;
                default -> throw new IOException("following " + method + ": " + e.getCause(), e.getCause());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while following " + method, e);
        } finally {
            followed.remove(task.value());
            unregister(one);
        }
    }

    /** Adds a filter on the task's info to this session's collector (made first if there is none). */
    private void register(Followed one) throws VimFault, IOException {
        for (int attempt = 0; ; attempt++) {
            long logins = vim.logins();
            Mor current = collector(logins);
            try {
                one.filter = filter(current, one.task);
                restartWait(current);
                return;
            } catch (VimFault | IOException e) {
                if (vim.logins() == logins || attempt > 0) {
                    throw e;
                }
                // The session ended meanwhile: the collector went with it; a new one, and the filter again.
            }
        }
    }

    /**
     * Has the waiter start again from version "", ending the wait it holds (once for a burst of new filters). A cancel
     * that reached vCenter before the wait it meant to end is sent again while that wait still holds.
     */
    private void restartWait(Mor current) {
        long generation;
        synchronized (this) {
            newFilters = true;
            if (!waitHeld || !current.equals(collector)) {
                return; // between two waits: the next starts from version ""
            }
            generation = waits;
        }
        for (int attempt = 0; attempt < CANCEL_ATTEMPTS; attempt++) {
            try {
                vim.call("CancelWaitForUpdates", current);
            } catch (VimFault | IOException e) {
                return; // no wait to cancel (it just returned): the next starts from version "" anyway
            }
            pause();
            synchronized (this) {
                if (!waitHeld || waits != generation || !newFilters) {
                    return;
                }
            }
        }
    }

    private void unregister(Followed one) {
        Mor filter = one.filter;
        if (filter != null) {
            try {
                vim.call("DestroyPropertyFilter", filter);
            } catch (VimFault | IOException e) {
                // A filter of an ended session is gone already; vCenter drops the collector at logout anyway.
            }
        }
    }

    /** The collector of the session {@code logins} counts, made (and its waiter started) when there is none. */
    private synchronized Mor collector(long logins) throws VimFault, IOException {
        if (collector == null || collectorLogins != logins) {
            collector = vim.call("CreatePropertyCollector", propertyCollector).child("returnval").orElseThrow().mor();
            collectorLogins = logins;
            // Tasks followed in the ended session: filters of their own in the new collector.
            for (Followed other : followed.values()) {
                if (other.filter != null) {
                    other.filter = filter(collector, other.task);
                }
            }
        }
        if (waiter == null) {
            waiter = Thread.ofPlatform().daemon().name("vsphere-task-wait").start(this::waitForUpdates);
        }
        return collector;
    }

    private Mor filter(Mor in, Mor task) throws VimFault, IOException {
        return vim.call("CreateFilter", in, Element.of("spec",
                Element.of("propSet", Element.text("type", "Task"), Element.text("all", "false"), Element.text("pathSet", "info")),
                Element.of("objectSet", Element.ref("obj", task), Element.text("skip", "false"))), Element.text("partialUpdates", "false"))
                .child("returnval").orElseThrow().mor();
    }

    /** The one waiter: WaitForUpdatesEx on the session's collector, each change handed to its task. */
    private void waitForUpdates() {
        String version = "";
        Mor waitingOn = null;
        int failedWaits = 0;
        while (!closed) {
            Mor current;
            long logins;
            synchronized (this) {
                current = collector;
                logins = collectorLogins;
                if (current != null && !followed.isEmpty()) {
                    if (newFilters || !current.equals(waitingOn)) {
                        version = ""; // new filters (or a new collector): every filter's current state
                        newFilters = false;
                    }
                    waitHeld = true;
                    waits++;
                }
            }
            if (current == null || followed.isEmpty()) {
                pause();
                continue;
            }
            waitingOn = current;
            try {
                Optional<Node> update;
                try {
                    update = vim.call("WaitForUpdatesEx", current, Element.text("version", version),
                            Element.of("options", Element.text("maxWaitSeconds", Long.toString(MAX_WAIT.toSeconds())))).child("returnval");
                } finally {
                    synchronized (this) {
                        waitHeld = false;
                    }
                }
                failedWaits = 0;
                if (update.isPresent()) {
                    version = update.get().text("version").orElse(version);
                    update.get().all("filterSet").forEach(this::changed);
                }
            } catch (VimFault | IOException | RuntimeException e) {
                if (e instanceof VimFault fault && fault.faultType().equals(CANCELED)) {
                    pause(); // a new filter ended the wait: the next starts from version "", once a burst of them is in
                    continue;
                }
                if (vim.logins() != logins) {
                    refollow(); // the session ended: a new collector in the new one, every filter again
                    continue;
                }
                // The tasks go on in vCenter: one wait unanswered (a busy vCenter's timeout) fails none of them; the
                // next wait starts from version "". vCenter failing FAILED_WAITS waits in a row fails them all with it.
                if (++failedWaits < FAILED_WAITS) {
                    synchronized (this) {
                        newFilters = true;
                    }
                    pause();
                    continue;
                }
                failedWaits = 0;
                followed.values().forEach(one -> one.end.completeExceptionally(e));
                synchronized (this) {
                    collector = null;
                }
                pause();
            }
        }
    }

    private void refollow() {
        try {
            collector(vim.logins());
        } catch (VimFault | IOException | RuntimeException e) {
            followed.values().forEach(one -> one.end.completeExceptionally(e));
            pause();
        }
    }

    /** A filter's changes: the task's info, and its end when it succeeded or failed. */
    private void changed(Node filterSet) {
        for (Node object : filterSet.all("objectSet")) {
            Mor task = object.child("obj").map(Node::mor).orElse(null);
            Followed one = task == null ? null : followed.get(task.value());
            if (one == null) {
                continue;
            }
            for (Node change : object.all("changeSet")) {
                if (change.text("name").orElse("").equals("info")) {
                    change.child("val").ifPresent(info -> one.info = info);
                }
            }
            Node info = one.info;
            String state = info == null ? "queued" : info.text("state").orElse("queued");
            if (state.equals("success")) {
                one.end.complete(info.child("result"));
            } else if (state.equals("error")) {
                Node error = info.child("error").orElseThrow();
                String faultType = error.child("fault").map(Node::xsiType).orElse("TaskError");
                one.end.completeExceptionally(new VimFault(faultType, error.text("localizedMessage").orElse(faultType)));
            }
        }
    }

    private void pause() {
        try {
            Thread.sleep(Duration.ofMillis(50));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    /** Cancels the task; the error says it was, and how far it got. */
    private IOException cancelled(Mor task, String method, Duration timeout, Node info) {
        String outcome;
        try {
            vim.call("CancelTask", task);
            outcome = "cancelled (CancelTask)";
        } catch (VimFault | IOException e) {
            outcome = "not cancelled (" + e.getMessage() + ")";
        }
        String progress = info == null ? "no progress reported" : info.text("progress").map(p -> p + " %").orElse("no progress reported");
        return new IOException(method + " still running after " + timeout.toSeconds() + " s (" + progress + "): " + outcome);
    }

    @Override
    public void close() {
        closed = true;
        Thread running;
        synchronized (this) {
            running = waiter;
        }
        if (running != null) {
            running.interrupt();
        }
        List.copyOf(followed.values()).forEach(one -> one.end.completeExceptionally(new IOException("the vSphere session is closing")));
    }
}
