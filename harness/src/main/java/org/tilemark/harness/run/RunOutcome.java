package org.tilemark.harness.run;

import java.nio.file.Path;

/** How a run ended: its verdict word, the score line, the bundle, and the process exit code that goes with it. */
public record RunOutcome(String verdict, String scoreLine, Path bundle, int exitCode) {

    public static final int COMPLIANT = 0;
    public static final int NON_COMPLIANT = 1;
    public static final int BAD_INPUT = 2;
    public static final int RUNTIME_FAILURE = 3;
}
