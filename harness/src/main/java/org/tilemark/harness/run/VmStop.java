package org.tilemark.harness.run;

import java.util.regex.Pattern;

/**
 * A VM that stopped unasked, as one sentence: an event of the run, a reason of its verdict, and a reason of the
 * one-run search step it stopped in ("phase N: " before it). It fails the run or the step; a verifier keeps such a
 * reason as written, since no interval can recompute it. This type alone owns the wording.
 */
public record VmStop(String vm, String role, int tile, String cause) {

    private static final Pattern SENTENCE = Pattern.compile("(phase \\d+: )?VM \\S+ \\(.*\\) stopped: ");

    public String sentence() {
        return "VM " + vm + " (" + role + ", tile " + tile + ") stopped: " + cause;
    }

    /** Whether {@code text} (an event, or a reason with its phase before it) tells of a VM's stop. */
    public static boolean isStop(String text) {
        return SENTENCE.matcher(text).lookingAt();
    }
}
