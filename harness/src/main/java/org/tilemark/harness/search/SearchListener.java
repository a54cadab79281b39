package org.tilemark.harness.search;

import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.run.RunListener;

/**
 * What a search tells while it goes, for a live view ({@code search --serve}): its start, each step as written
 * to {@code steps.jsonl}, and its headline. Each step's run tells its own intervals through {@link #steps()}.
 * Called on the search's thread; an implementation must return quickly and never throw.
 */
public interface SearchListener {

    /** Listens to nothing. */
    SearchListener NONE = new SearchListener() {
    };

    /** The search has its id and the range of tiles it may try. */
    default void searchStarted(String searchId, int startTiles, int maxTiles) {
    }

    /** A step ended: its {@code steps.jsonl} line (tiles, verdict, score, confidence ...). */
    default void searchStep(SearchFile.Step step) {
    }

    /** The search ended with this headline ("max N tiles, S @ N tiles", or why none). */
    default void searchFinished(String headline) {
    }

    /** Where each step's run tells its intervals, operations and verdict. */
    default RunListener steps() {
        return RunListener.NONE;
    }
}
