package org.tilemark.workloads.olio.cache;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which cache an Olio web VM runs, as the mail role chooses its server: the guest setting {@value #SETTING} says
 * {@code auto} (the default: memcached where it is installed, else the in-process stand-in, said on the console and
 * in the readiness report) or names one; memcached named where it cannot run fails the guest with the reason.
 */
public enum OlioCaches {
    MEMCACHED("memcached"),
    MAP("map");

    public static final String SETTING = "olio.cache";
    static final String AUTO = "auto";
    private static final Logger LOG = LoggerFactory.getLogger(OlioCaches.class);

    private final String key;

    OlioCaches(String key) {
        this.key = key;
    }

    /** The cache {@code wanted} names ({@value #AUTO}, {@code memcached} or {@code map}), started for the VM's disk. */
    public static OlioCache start(String wanted, Path disk) throws Exception {
        return choose(wanted) == MEMCACHED ? Memcached.start(disk) : new MapCacheStandIn(System::nanoTime);
    }

    static OlioCaches choose(String wanted) {
        String text = wanted.strip();
        if (text.equals(AUTO)) {
            return Memcached.unavailable().map(reason -> {
                LOG.warn("olio-web: memcached cannot run here ({}); caching with the in-process stand-in", reason);
                return MAP;
            }).orElse(MEMCACHED);
        }
        OlioCaches kind = Arrays.stream(values()).filter(k -> k.key.equals(text)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("guest config setting " + SETTING + " '" + text + "' is not one of "
                        + AUTO + ", " + Arrays.stream(values()).map(k -> k.key).collect(Collectors.joining(", "))));
        if (kind == MEMCACHED) {
            Memcached.unavailable().ifPresent(reason -> {
                throw new IllegalStateException("cache memcached cannot run here: " + reason);
            });
        }
        return kind;
    }
}
