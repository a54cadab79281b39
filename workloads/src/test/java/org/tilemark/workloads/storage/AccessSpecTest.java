package org.tilemark.workloads.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class AccessSpecTest {

    @Test
    void eachInvalidFieldIsNamedInTheMessage() {
        assertThatThrownBy(() -> new AccessLine(1000, 100, 100, 100, 512))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("transferBytes").hasMessageContaining("1000");
        assertThatThrownBy(() -> new AccessLine(0, 100, 100, 100, 512)).hasMessageContaining("transferBytes");
        assertThatThrownBy(() -> new AccessLine(4096, 101, 100, 100, 4096)).hasMessageContaining("accessPercent");
        assertThatThrownBy(() -> new AccessLine(4096, 100, -1, 100, 4096)).hasMessageContaining("readPercent");
        assertThatThrownBy(() -> new AccessLine(4096, 100, 100, 200, 4096)).hasMessageContaining("randomPercent");
        assertThatThrownBy(() -> new AccessLine(4096, 100, 100, 100, 0)).hasMessageContaining("alignmentBytes");
        assertThatThrownBy(() -> new AccessLine(4096, 100, 100, 100, 100)).hasMessageContaining("alignmentBytes");
    }

    @Test
    void aSpecNeedsLinesSummingToOneHundredAndOutstandingIos() {
        AccessLine half = new AccessLine(4096, 50, 100, 100, 4096);
        assertThatThrownBy(() -> new AccessSpec("x", List.of(half), 16))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("accessPercent").hasMessageContaining("50");
        assertThatThrownBy(() -> new AccessSpec("x", List.of(), 16)).hasMessageContaining("lines");
        assertThatThrownBy(() -> AccessSpec.of("x", 4096, 100, 100, 0)).hasMessageContaining("outstandingIos");
        assertThatThrownBy(() -> AccessSpec.of(" ", 4096, 100, 100, 1)).hasMessageContaining("name");
        assertThat(new AccessSpec("x", List.of(half, half), 1).lines()).hasSize(2);
    }

    @Test
    void toStringReadsLikeIometer() {
        assertThat(AccessSpec.of("r", 4096, 100, 100, 16)).hasToString("4K 100%read 100%random QD16");
        assertThat(AccessSpec.of("s", 65536, 0, 0, 1)).hasToString("64K 0%read 0%random QD1");
        assertThat(new AccessSpec("a", List.of(new AccessLine(512, 100, 100, 100, 512)), 4)).hasToString("512B 100%read 100%random QD4");
        assertThat(new AccessSpec("a", List.of(new AccessLine(8192, 100, 100, 100, 512)), 4))
                .hasToString("8K 100%read 100%random align 512B QD4");
        assertThat(AccessSpec.databaseLike(16))
                .hasToString("50% 4K 70%read 100%random + 50% 64K 70%read 100%random QD16");
    }

    @Test
    void presetsByShortName() {
        assertThat(AccessSpec.preset("4k-randread", 16)).isEqualTo(AccessSpec.of("4k-randread", 4096, 100, 100, 16));
        assertThat(AccessSpec.preset("64K-seqread", 8)).isEqualTo(AccessSpec.of("64k-seqread", 65536, 100, 0, 8));
        assertThat(AccessSpec.preset("8k-randwrite", 1).lines().getFirst()).isEqualTo(new AccessLine(8192, 100, 0, 100, 8192));
        assertThat(AccessSpec.preset("1m-seqwrite", 1).maxTransferBytes()).isEqualTo(1 << 20);
        assertThat(AccessSpec.preset("database-like", 4)).isEqualTo(AccessSpec.databaseLike(4));
        assertThatThrownBy(() -> AccessSpec.preset("4k-sideways", 1)).hasMessageContaining("unknown spec '4k-sideways'");
        assertThatThrownBy(() -> AccessSpec.preset("1000-randread", 1)).hasMessageContaining("transferBytes");
    }
}
