package org.tilemark.scoring;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a run ended, in the one place its words are spelled: score.json's {@code verdict}, the score
 * line, the console, the report's badge and the live page all use {@link #word()}.
 */
public enum RunVerdict {
    /** Every workload of every tile and every infrastructure operation passed QoS in every phase. */
    COMPLIANT("compliant"),
    /** Completed, but something failed QoS (or an audit, or a VM stopped). */
    NON_COMPLIANT("non-compliant"),
    /** Stopped by the user (Ctrl-C, the live page's stop). */
    ABORTED("aborted"),
    /** A platform or runtime failure, or no measurement phase completed. */
    FAILED("failed"),
    /** An infrastructure-only run ({@code infra.only}) in which nothing went wrong: nothing was scored. */
    INFRASTRUCTURE_ONLY("infrastructure-only");

    private final String word;

    RunVerdict(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** The verdict of a run that completed and was scored: compliant or not. */
    public static RunVerdict of(boolean compliant) {
        return compliant ? COMPLIANT : NON_COMPLIANT;
    }

    /** The verdict a word names; empty for any other text (a bundle from a later version). */
    public static Optional<RunVerdict> ofWord(String word) {
        return Arrays.stream(values()).filter(v -> v.word.equals(word)).findFirst();
    }

    @Override
    public String toString() {
        return word;
    }
}
