package org.tilemark.harness.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Rebuilds every derived file of a bundle from its persisted data, then re-seals the manifest. */
public final class Reports {
    private Reports() {
    }

    /**
     * Runs the chart, CSV and HTML writers, then writes MANIFEST.sha256. A failing writer does not
     * stop the others (a partial report beats none after a crash); its failure is rethrown at the end.
     */
    public static void rebuildAll(Path bundle) throws IOException {
        if (!Files.isDirectory(bundle)) {
            throw new NoSuchFileException(bundle.toString(), null, "not a results bundle directory");
        }
        List<ReportWriter> writers = List.of(new ChartWriter(), new CsvReportWriter(), new HtmlReportWriter());
        List<Exception> failures = new ArrayList<>();
        for (ReportWriter writer : writers) {
            try {
                writer.write(bundle);
            } catch (IOException | RuntimeException e) {
                failures.add(e);
            }
        }
        Manifest.write(bundle);
        if (!failures.isEmpty()) {
            IOException failure = new IOException("report rebuild incomplete for " + bundle + ": "
                    + failures.getFirst().getMessage(), failures.getFirst());
            failures.subList(1, failures.size()).forEach(failure::addSuppressed);
            throw failure;
        }
    }
}
