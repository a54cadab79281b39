package org.tilemark.harness.run;

import java.nio.file.Path;
import org.tilemark.scoring.RunVerdict;

/**
 * How a run ended: its verdict (null when bad input refused it before it started), the score line, the bundle
 * (null when none was created), and the process exit code that goes with it.
 */
public record RunOutcome(RunVerdict verdict, String scoreLine, Path bundle, int exitCode) {

    public static final int COMPLIANT = 0;
    public static final int NON_COMPLIANT = 1;
    public static final int BAD_INPUT = 2;
    public static final int RUNTIME_FAILURE = 3;

    /** Refused before it started (what was wrong is on stderr): no verdict, no bundle. */
    public static RunOutcome badInput() {
        return new RunOutcome(null, "", null, BAD_INPUT);
    }

    /** Failed by the platform or the runtime, with the bundle when there is one. */
    public static RunOutcome failed(Path bundle) {
        return new RunOutcome(RunVerdict.FAILED, "", bundle, RUNTIME_FAILURE);
    }

    /** The verdict's word, or "bad input". */
    public String describe() {
        return verdict == null ? "bad input" : verdict.word();
    }
}
