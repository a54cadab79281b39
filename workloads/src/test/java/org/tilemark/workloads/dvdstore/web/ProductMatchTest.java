package org.tilemark.workloads.dvdstore.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProductMatchTest {

    @Test
    void startsWithIsTheRangeFromTheValueToItsSuccessorOrAllItsWords() {
        ProductMatch match = ProductMatch.of("title", "Academy dino");

        assertThat(match.condition()).isEqualTo("((title ~>=~ ? AND title ~<~ ?) OR "
                + "to_tsvector('simple', title) @@ plainto_tsquery('simple', ?))");
        assertThat(match.parameters()).containsExactly("ACADEMY DINO", "ACADEMY DINP", "ACADEMY DINO");
        assertThat(match.parametersThen(20)).containsExactly("ACADEMY DINO", "ACADEMY DINP", "ACADEMY DINO", 20);
    }

    @Test
    void theSuccessorRaisesTheLastCodePointThatCanBeRaised() {
        String max = new String(Character.toChars(Character.MAX_CODE_POINT));

        assertThat(ProductMatch.successor("AZ")).isEqualTo("A[");
        assertThat(ProductMatch.successor("A\uD7FF")).isEqualTo("A\uE000");
        assertThat(ProductMatch.successor("B" + max + max)).isEqualTo("C");
        assertThat(ProductMatch.successor(max)).isNull();
    }

    @Test
    void aValueOfOnlyTheLastCodePointsHasNoUpperBound() {
        String max = new String(Character.toChars(Character.MAX_CODE_POINT));

        ProductMatch match = ProductMatch.of("actor", max);

        assertThat(match.condition()).startsWith("(actor ~>=~ ? OR ");
        assertThat(match.parameters()).isEqualTo(List.of(max, max));
    }

    @Test
    void onlyActorAndTitleAreSearchable() {
        assertThatThrownBy(() -> ProductMatch.of("category", "x"))
                .isInstanceOf(BadRequestException.class).hasMessageContaining("'type'");
    }
}
