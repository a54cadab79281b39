package org.tilemark.infra.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class InfraBlocksTest {

    @Test
    void oneBlockPerTwoHostsAndAtLeastOne() {
        assertThat(InfraBlocks.count(0, 1)).isEqualTo(1);
        assertThat(InfraBlocks.count(0, 2)).isEqualTo(1);
        assertThat(InfraBlocks.count(0, 3)).isEqualTo(1);
        assertThat(InfraBlocks.count(0, 4)).isEqualTo(2);
        assertThat(InfraBlocks.count(0, 9)).isEqualTo(4);
        assertThat(InfraBlocks.count(0, 16)).isEqualTo(8);
    }

    @Test
    void aConfiguredCountWins() {
        assertThat(InfraBlocks.count(3, 2)).isEqualTo(3);
    }

    @Test
    void negativeInputIsRefused() {
        assertThatThrownBy(() -> InfraBlocks.count(-1, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> InfraBlocks.count(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
