package org.tilemark.harness.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.harness.report.Reports;
import org.tilemark.harness.run.RunOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import org.tilemark.harness.bundle.BundleLayout;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.SearchFile;
import org.tilemark.harness.bundle.UnsupportedBundleFormat;
import org.tilemark.harness.search.SearchReports;

@Component
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Rebuild report.html, charts, CSV files and the manifest of a results bundle from its persisted data: a run's, "
                + "or a search's (its scaling table, charts and report, from search.json).")
class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", description = "a results directory, e.g. results/20261122-023000-ab12")
    Path bundle;

    @Override
    public Integer call() throws Exception {
        // Read before anything is rewritten: a bundle that is not text writes no report and no manifest.
        Optional<SearchFile> search;
        try {
            search = Files.isDirectory(bundle) ? BundleReader.of(bundle).search() : Optional.empty();
            if (search.isEmpty() && BundleReader.hasRunData(bundle)) {
                BundleReader.of(bundle).intervals(line -> { }); // parsed to refuse a file that is not text, nothing kept
                BundleReader.of(bundle).infraOps();
                BundleReader.of(bundle).run();
                BundleReader.of(bundle).score();
            }
        } catch (BundleReader.NotText | BundleReader.DamagedFile | UnsupportedBundleFormat e) {
            System.err.println("error: BUNDLE: " + bundle.resolve(e.getMessage()));
            return RunOutcome.BAD_INPUT;
        }
        if (search.isPresent()) { // a search's bundle, a one-run search's included: its report is the search's
            SearchReports.rebuild(bundle, search.get());
        } else if (BundleReader.hasRunData(bundle)) {
            Reports.rebuildAll(bundle);
        } else {
            System.err.println("error: BUNDLE: " + bundle + " is not a results bundle (no search.json, run.json or intervals.jsonl)");
            return RunOutcome.BAD_INPUT;
        }
        System.out.println("report: " + bundle.resolve(BundleLayout.REPORT));
        return 0;
    }
}
