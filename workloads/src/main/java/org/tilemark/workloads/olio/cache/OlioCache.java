package org.tilemark.workloads.olio.cache;

import java.util.Optional;
import org.tilemark.templates.guest.GuestServer;

/**
 * The cache in front of Olio's database: memcached's get/add/set/delete, the operations Olio's web tier uses
 * ({@code classes/MemCached.php}). A time to live of 0 keeps an entry until memory runs short, as memcached's 0 does.
 */
public interface OlioCache extends AutoCloseable {

    Optional<String> get(String key);

    /** Stores only if the key is absent; true if it stored. */
    boolean add(String key, String value, int ttlSeconds);

    void set(String key, String value, int ttlSeconds);

    void delete(String key);

    /** The server it is, as the web VM's readiness report names it. */
    GuestServer server();

    @Override
    void close();
}
