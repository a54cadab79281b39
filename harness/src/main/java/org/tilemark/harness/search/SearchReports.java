package org.tilemark.harness.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tilemark.harness.bundle.SearchFile;

/**
 * A search bundle's report rebuilt from what it recorded ({@code tilemark report}): search.json's headline, explanation
 * and steps make the scaling table, charts, CPU by VM role and report.html again, and the manifest is resealed. A
 * one-run search's bundle is also a run's (run.json, intervals.jsonl), but its report is the search's.
 */
public final class SearchReports {

    private SearchReports() {
    }

    /** Rebuilds {@code directory}'s report from {@code search} (its search.json). */
    public static void rebuild(Path directory, SearchFile search) throws IOException {
        List<SearchStep> steps = search.steps().stream().map(step -> SearchFiles.searchStep(step, directory)).toList();
        SearchShape shape = search.steps().stream().anyMatch(SearchFile.Step::inOneRun) ? SearchShape.ONE_RUN : SearchShape.SERIES;
        SearchReport.write(directory, Optional.ofNullable(search.headline()).orElse(""), search.explanation(), steps, shape);
    }
}
