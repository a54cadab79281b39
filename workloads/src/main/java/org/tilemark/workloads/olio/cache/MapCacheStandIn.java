package org.tilemark.workloads.olio.cache;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;
import org.tilemark.templates.guest.GuestServer;

/**
 * The stand-in where memcached cannot run: a map in the web tier's own memory, as Olio's Java web tier offers
 * ({@code SimpleMapCacheFactory}). Same semantics (time to live, add only if absent), no memory limit or eviction and
 * no process of its own: a run that used it is not publishable.
 */
final class MapCacheStandIn implements OlioCache {

    static final GuestServer SERVER = new GuestServer("in-process map cache (stand-in for memcached)", true);

    private record Entry(String value, long expiresAtNanos) {
    }

    private final ConcurrentMap<String, Entry> entries = new ConcurrentHashMap<>();
    private final LongSupplier nanoTime;

    MapCacheStandIn(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    @Override
    public Optional<String> get(String key) {
        Entry entry = entries.get(key);
        if (entry == null) {
            return Optional.empty();
        }
        if (expired(entry)) {
            entries.remove(key, entry);
            return Optional.empty();
        }
        return Optional.of(entry.value());
    }

    @Override
    public boolean add(String key, String value, int ttlSeconds) {
        Entry fresh = entry(value, ttlSeconds);
        Entry result = entries.compute(key, (k, old) -> old == null || expired(old) ? fresh : old);
        return result == fresh;
    }

    @Override
    public void set(String key, String value, int ttlSeconds) {
        entries.put(key, entry(value, ttlSeconds));
    }

    @Override
    public void delete(String key) {
        entries.remove(key);
    }

    @Override
    public GuestServer server() {
        return SERVER;
    }

    @Override
    public void close() {
        entries.clear();
    }

    private Entry entry(String value, int ttlSeconds) {
        return new Entry(value, ttlSeconds == 0 ? Long.MAX_VALUE : nanoTime.getAsLong() + ttlSeconds * 1_000_000_000L);
    }

    private boolean expired(Entry entry) {
        return entry.expiresAtNanos() != Long.MAX_VALUE && nanoTime.getAsLong() - entry.expiresAtNanos() >= 0;
    }
}
