package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RunIdsTest {

    @Test
    void idsAreUtcTimestampsWithARandomSuffix() {
        Instant before = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        List<String> ids = IntStream.range(0, 50).mapToObj(i -> RunIds.next()).toList();
        Instant after = Instant.now();

        Set<String> suffixes = new HashSet<>();
        for (String id : ids) {
            assertThat(id).matches("\\d{8}-\\d{6}-[0-9a-f]{4}");
            Instant at = LocalDateTime.parse(id.substring(0, 15), DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                    .toInstant(ZoneOffset.UTC);
            assertThat(at).isBetween(before, after);
            suffixes.add(id.substring(16));
        }
        assertThat(suffixes.size()).isGreaterThan(40);
        // Ids sort by start time.
        List<String> stamps = ids.stream().map(id -> id.substring(0, 15)).toList();
        assertThat(stamps).isSorted();
    }
}
