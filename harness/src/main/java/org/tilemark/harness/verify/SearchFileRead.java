package org.tilemark.harness.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.bundle.UnsupportedBundleFormat;
import org.tilemark.scoring.RunVerdict;

/** A search's search.json as verify reads it (either shape): strictly, with steps.jsonl holding the same steps. */
final class SearchFileRead {

    private SearchFileRead() {
    }

    static SearchFile load(Path bundle) throws NotABundle, BundleMismatch, IOException {
        SearchFile search;
        try {
            search = BundleReader.of(bundle).search().orElseThrow();
        } catch (BundleReader.DamagedFile e) {
            throw new BundleMismatch(e.getMessage());
        } catch (UnsupportedBundleFormat e) {
            throw new NotABundle(e.getMessage());
        }
        List<SearchFile.Step> lines = BundleFilesRead.whole(BundleReader.of(bundle).searchSteps()).stream()
                .map(BundleReader.Line::value).toList();
        if (!lines.equals(search.steps())) {
            throw new BundleMismatch(BundleLayout.SEARCH_STEPS + ": its steps are not search.json's");
        }
        return search;
    }

    /** The maximum search.json reports must be a tile count at which a step passed. */
    static void maximumPassed(SearchFile search) throws BundleMismatch {
        if (search.maxTiles() != null && search.steps().stream()
                .noneMatch(s -> s.tiles() == search.maxTiles() && s.verdict() == RunVerdict.COMPLIANT)) {
            throw BundleMismatch.of(BundleLayout.SEARCH + " maxTiles", search.maxTiles(), "none (no step at it passed)");
        }
    }
}
