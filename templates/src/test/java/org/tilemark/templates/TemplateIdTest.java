package org.tilemark.templates;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplateIdTest {

    @Test
    void sameBuildInfoSameKeyInAnyOrder() {
        var a = new TemplateId("dvdstore-db", Map.of("size", "S", "seed", "42"));
        var b = new TemplateId("dvdstore-db", Map.of("seed", "42", "size", "S"));
        assertThat(a.cacheKey()).isEqualTo(b.cacheKey()).startsWith("dvdstore-db-").hasSize("dvdstore-db-".length() + 12);
    }

    @Test
    void anyChangeGivesNewKey() {
        var a = new TemplateId("dvdstore-db", Map.of("size", "S", "seed", "42"));
        assertThat(a.cacheKey()).isNotEqualTo(new TemplateId("dvdstore-db", Map.of("size", "S", "seed", "43")).cacheKey());
        assertThat(a.cacheKey()).isNotEqualTo(new TemplateId("olio-db", Map.of("size", "S", "seed", "42")).cacheKey());
    }
}
