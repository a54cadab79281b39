package org.tilemark.workloads.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class IoBenchTest {

    @Test
    void optionsHaveDefaultsAndUnderstandSizesAndDurations() {
        IoBench.Options o = IoBench.Options.parse(new String[] {"--file", "f", "--size", "64m", "--spec", "64k-seqread",
                "--qd", "8", "--ramp", "200ms", "--runtime", "2m"});
        assertThat(o.file()).isEqualTo(Path.of("f"));
        assertThat(o.size()).isEqualTo(64L << 20);
        assertThat(o.spec()).isEqualTo(AccessSpec.preset("64k-seqread", 8));
        assertThat(o.workers()).isEqualTo(1);
        assertThat(o.ramp()).isEqualTo(Duration.ofMillis(200));
        assertThat(o.runtime()).isEqualTo(Duration.ofMinutes(2));
        assertThat(IoBench.Options.parse(new String[] {"--file", "f"}).size()).isEqualTo(1L << 30);
        assertThat(IoBench.Options.bytes("4096")).isEqualTo(4096);
    }

    @Test
    void badOptionsAreNamed() {
        assertThatThrownBy(() -> IoBench.Options.parse(new String[] {"--size", "1g"})).hasMessageContaining("--file is required");
        assertThatThrownBy(() -> IoBench.Options.parse(new String[] {"--file", "f", "--depth", "3"})).hasMessageContaining("--depth");
        assertThatThrownBy(() -> IoBench.Options.parse(new String[] {"--file", "f", "--qd", "0"})).hasMessageContaining("--qd");
        assertThatThrownBy(() -> IoBench.Options.parse(new String[] {"--file", "f", "--ramp", "5x"})).hasMessageContaining("5x");
        assertThatThrownBy(() -> IoBench.Options.parse(new String[] {"--file", "f", "--size", "lots"})).hasMessageContaining("--size");
        assertThatThrownBy(() -> IoBench.Options.parse(new String[] {"--file", "f", "--runtime"})).hasMessageContaining("needs a value");
    }
}
