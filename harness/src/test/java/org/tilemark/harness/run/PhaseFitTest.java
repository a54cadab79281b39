package org.tilemark.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;

class PhaseFitTest {

    @Test
    void aThirtySecondPhaseIsTooShortForADeployAndTheMessageSaysWhatWouldWork() throws ConfigException {
        var spec = ConfigLoader.load(Optional.empty(), Map.of("run.phaseDuration", "30s"));

        assertThat(PhaseFit.tooShort(spec)).hasValue("run.phaseDuration: 30s is too short for every infrastructure "
                + "operation type to complete once per phase (a Deploy takes infra.deploy.jobDuration 20s + about 25s to "
                + "copy, boot and power off, then infra.pause 15s); use run.phaseDuration >= 1m, or infra.enabled=false");
    }

    @Test
    void theDefaultPhaseFitsAndWithoutDeployAnyPhaseDoes() throws ConfigException {
        assertThat(PhaseFit.tooShort(ConfigLoader.defaults())).isEmpty();
        assertThat(PhaseFit.shortestPhase(ConfigLoader.defaults())).hasValue(Duration.ofSeconds(60));
        assertThat(PhaseFit.tooShort(ConfigLoader.load(Optional.empty(),
                Map.of("run.phaseDuration", "30s", "infra.enabled", "false")))).isEmpty();
        assertThat(PhaseFit.tooShort(ConfigLoader.load(Optional.empty(),
                Map.of("run.phaseDuration", "30s", "infra.deploy.enabled", "false")))).isEmpty();
    }
}
