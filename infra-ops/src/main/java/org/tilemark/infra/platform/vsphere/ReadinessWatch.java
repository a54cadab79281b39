package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the VMs awaiting their guest's readiness report say, read for all of them at once: every {@link #PERIOD}
 * one RetrievePropertiesEx of {@code config.extraConfig} and {@code guest.ipAddress} of each VM waiting then, so
 * 400 VMs booting together cost vCenter one read a second, not 400. A VM's waiter asks for the next read with
 * {@link #next} and judges what it gets ({@link GuestReport}).
 */
final class ReadinessWatch implements AutoCloseable {

    static final List<String> PATHS = List.of("config.extraConfig", "guest.ipAddress");
    private static final Duration PERIOD = Duration.ofSeconds(1);

    private final Vim vim;
    /** Per VM waiting, the read it waits for. */
    private final Map<Mor, CompletableFuture<Vim.ObjectProps>> waiting = new ConcurrentHashMap<>();
    private final AtomicLong rounds = new AtomicLong();
    private Thread reader;
    private volatile boolean closed;

    ReadinessWatch(Vim vim) {
        this.vim = vim;
    }

    /** The VM's properties as the next round reads them. */
    Vim.ObjectProps next(Mor vm) throws VimFault, IOException {
        CompletableFuture<Vim.ObjectProps> read = waiting.computeIfAbsent(vm, key -> new CompletableFuture<>());
        start();
        try {
            return read.get();
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case VimFault fault -> throw fault;
                case IOException io -> throw io;
                default -> throw new IOException("reading VM " + vm.value() + "'s readiness: " + e.getCause(), e.getCause());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for VM " + vm.value() + "'s readiness", e);
        }
    }

    /** Rounds read so far: each is one read, whatever the number of VMs waiting. */
    long rounds() {
        return rounds.get();
    }

    private synchronized void start() {
        if (reader == null && !closed) {
            reader = Thread.ofPlatform().daemon().name("vsphere-readiness").start(this::read);
        }
    }

    private void read() {
        while (!closed) {
            Map<Mor, CompletableFuture<Vim.ObjectProps>> round = new java.util.HashMap<>();
            for (Mor vm : List.copyOf(waiting.keySet())) {
                CompletableFuture<Vim.ObjectProps> read = waiting.remove(vm);
                if (read != null) {
                    round.put(vm, read);
                }
            }
            if (!round.isEmpty()) {
                answer(round);
            }
            try {
                Thread.sleep(PERIOD);
            } catch (InterruptedException e) {
                return; // the platform is closing
            }
        }
    }

    private void answer(Map<Mor, CompletableFuture<Vim.ObjectProps>> round) {
        rounds.incrementAndGet();
        try {
            Map<Mor, Vim.ObjectProps> read = new java.util.HashMap<>();
            vim.several(round.keySet(), "VirtualMachine", PATHS).forEach(props -> read.put(props.obj(), props));
            round.forEach((vm, waiter) -> waiter.complete(read.getOrDefault(vm, new Vim.ObjectProps(vm, Map.of()))));
        } catch (VimFault | IOException | RuntimeException e) {
            // One VM gone (ManagedObjectNotFound) fails the whole read: each then on its own, so only that one fails.
            List<Mor> each = new ArrayList<>(round.keySet());
            for (Mor vm : each) {
                try {
                    round.get(vm).complete(vim.one(vm, PATHS));
                } catch (VimFault | IOException | RuntimeException alone) {
                    round.get(vm).completeExceptionally(alone);
                }
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        Thread running;
        synchronized (this) {
            running = reader;
        }
        if (running != null) {
            running.interrupt();
        }
        waiting.values().forEach(read -> read.completeExceptionally(new IOException("the vSphere platform is closing")));
    }
}
