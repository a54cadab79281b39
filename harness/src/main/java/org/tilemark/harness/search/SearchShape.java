package org.tilemark.harness.search;

/** How a search measured its steps: phases of one run, or a run each. Its report says which. */
enum SearchShape {
    ONE_RUN("Each step is one or more measured phases of the search's one run (intervals.jsonl; steps.jsonl names "
            + "the phases). Tiles join with a warm-up of their own before the first phase they are in and leave after "
            + "a phase; a failed step is measured once more before it counts, and the maximum is verified with a phase "
            + "twice as long. The harness's CPU is the search process's over the step's phases."),
    SERIES("Each step is a full run with its own bundle (steps/<run id>/report.html). A step stops at its "
            + "first failed phase; only the tiles that change are deployed or destroyed between steps.");

    private final String description;

    SearchShape(String description) {
        this.description = description;
    }

    /** The report's sentence on what a step is. */
    String description() {
        return description;
    }
}
