package org.tilemark.workloads.olio.web;

import java.util.Optional;
import java.util.function.Supplier;
import org.tilemark.workloads.olio.cache.OlioCache;

/**
 * The home page's events and tag cloud in the cache, refreshed as Olio's PHP web tier does ({@code index.php},
 * {@code classes/MemCached.php}): the content is kept without expiry under {@value #CONTENT_KEY}; when the
 * semaphore {@value #SEMAPHORE_KEY} (set for {@value #REFRESH_SECONDS} s after each refresh) has expired, the one
 * request that wins {@code add} of the lock {@value #LOCK_KEY} ({@value #LOCK_SECONDS} s) reads the database and
 * stores new content. Every other request reads the cache. Where the cache holds nothing yet and another request
 * holds the lock, Olio polls the cache every 200 ms; here that request reads the database itself.
 */
final class HomePageCache {

    static final String CONTENT_KEY = "HomeContent";
    static final String SEMAPHORE_KEY = "HomeUpdateSema";
    static final String LOCK_KEY = "HomeUpdateLock";
    static final int REFRESH_SECONDS = 300;
    static final int LOCK_SECONDS = 5;
    /** Between the two parts of the cached value: never in escaped HTML. */
    private static final char SEPARATOR = '\u0000';

    /** The page's cached parts: the main column and the sidebar. */
    record Content(String main, String sidebar) {
    }

    private final OlioCache cache;

    HomePageCache(OlioCache cache) {
        this.cache = cache;
    }

    Content content(Supplier<Content> fromDatabase) {
        Optional<String> cached = cache.get(CONTENT_KEY);
        if (needsRefresh()) {
            Content fresh = fromDatabase.get();
            cache.set(CONTENT_KEY, fresh.main() + SEPARATOR + fresh.sidebar(), 0);
            cache.set(SEMAPHORE_KEY, "1", REFRESH_SECONDS);
            cache.delete(LOCK_KEY);
            return fresh;
        }
        return cached.map(HomePageCache::decode).orElseGet(fromDatabase);
    }

    private boolean needsRefresh() {
        return cache.get(SEMAPHORE_KEY).isEmpty()
                && cache.add(LOCK_KEY, ProcessHandle.current().pid() + ":" + Thread.currentThread().threadId(), LOCK_SECONDS);
    }

    private static Content decode(String value) {
        int split = value.indexOf(SEPARATOR);
        return split < 0 ? new Content(value, "") : new Content(value.substring(0, split), value.substring(split + 1));
    }
}
