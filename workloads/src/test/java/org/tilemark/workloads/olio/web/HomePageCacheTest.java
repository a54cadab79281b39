package org.tilemark.workloads.olio.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tilemark.workloads.olio.cache.Memcached;
import org.tilemark.workloads.olio.cache.OlioCache;
import org.tilemark.workloads.olio.cache.OlioCaches;

/** The home page's content through a real memcached: one database read per refresh period, the rest cache hits. */
class HomePageCacheTest {

    @TempDir
    Path disk;

    @Test
    void readsTheDatabaseOncePerRefreshAndServesHitsBetween() throws Exception {
        assumeTrue(Memcached.unavailable().isEmpty(), "memcached is not installed");
        try (Memcached memcached = (Memcached) OlioCaches.start("memcached", disk)) {
            AtomicInteger reads = new AtomicInteger();
            HomePageCache home = new HomePageCache(memcached);
            HomePageCache.Content first = home.content(() -> render(reads));
            assertThat(first).isEqualTo(new HomePageCache.Content("<ul>events 1</ul>\n", "<div>tags 1</div>\n"));
            for (int i = 0; i < 5; i++) {
                assertThat(home.content(() -> render(reads))).isEqualTo(first);
            }
            assertThat(reads).hasValue(1);
            assertThat(memcached.get(HomePageCache.SEMAPHORE_KEY)).hasValue("1");
            assertThat(memcached.get(HomePageCache.LOCK_KEY)).isEmpty();
            long hits = Long.parseLong(memcached.stats().get("get_hits"));
            assertThat(hits).isGreaterThanOrEqualTo(10); // per request: the content and the semaphore

            memcached.delete(HomePageCache.SEMAPHORE_KEY); // the refresh period is over
            assertThat(home.content(() -> render(reads)).main()).isEqualTo("<ul>events 2</ul>\n");
            assertThat(home.content(() -> render(reads)).main()).isEqualTo("<ul>events 2</ul>\n");
            assertThat(reads).hasValue(2);
        }
    }

    @Test
    void whileAnotherRequestRefreshesAnEmptyCacheTheDatabaseAnswers() throws Exception {
        try (OlioCache cache = OlioCaches.start("map", disk)) {
            assertThat(cache.add(HomePageCache.LOCK_KEY, "another request", 5)).isTrue();
            AtomicInteger reads = new AtomicInteger();
            HomePageCache home = new HomePageCache(cache);
            assertThat(home.content(() -> render(reads)).main()).isEqualTo("<ul>events 1</ul>\n");
            assertThat(cache.get(HomePageCache.CONTENT_KEY)).isEmpty();
        }
    }

    private static HomePageCache.Content render(AtomicInteger reads) {
        int n = reads.incrementAndGet();
        return new HomePageCache.Content("<ul>events " + n + "</ul>\n", "<div>tags " + n + "</div>\n");
    }
}
