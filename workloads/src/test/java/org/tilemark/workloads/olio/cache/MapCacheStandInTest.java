package org.tilemark.workloads.olio.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MapCacheStandInTest {

    @Test
    void keepsMemcachedsSemanticsAndSaysItIsAStandIn() {
        AtomicLong now = new AtomicLong(1_000);
        MapCacheStandIn cache = new MapCacheStandIn(now::get);
        assertThat(cache.server().standIn()).isTrue();
        assertThat(cache.get("a")).isEmpty();
        assertThat(cache.add("lock", "me", 5)).isTrue();
        assertThat(cache.add("lock", "you", 5)).isFalse();
        now.addAndGet(5_000_000_000L);
        assertThat(cache.get("lock")).isEmpty();
        assertThat(cache.add("lock", "you", 5)).isTrue();
        cache.set("forever", "v", 0);
        now.addAndGet(1_000_000_000_000L);
        assertThat(cache.get("forever")).hasValue("v");
        cache.delete("forever");
        assertThat(cache.get("forever")).isEmpty();
    }
}
