package org.tilemark.harness.run;

import org.tilemark.scoring.InfraPhase;
import org.tilemark.scoring.PhaseScore;

/** A measurement phase's end as publishers receive it: its score, or, in an infrastructure-only run, its operations. */
sealed interface PhaseEnd {

    int phase();

    /** A scored phase: application, infrastructure and QoS. */
    record Scored(PhaseScore score) implements PhaseEnd {
        @Override
        public int phase() {
            return score.phase();
        }
    }

    /** A phase of an infrastructure-only run: its operations, not scored. */
    record InfraOnly(int phase, InfraPhase operations) implements PhaseEnd {
    }
}
