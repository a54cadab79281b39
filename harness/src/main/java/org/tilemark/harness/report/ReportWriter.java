package org.tilemark.harness.report;

import java.io.IOException;
import java.nio.file.Path;

/** Writes one derived artifact of a results bundle, from the bundle's persisted files alone. */
public interface ReportWriter {
    void write(Path bundle) throws IOException;
}
