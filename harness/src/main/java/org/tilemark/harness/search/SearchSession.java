package org.tilemark.harness.search;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What every part of one search shares: its consoles (progress on {@code out}, one-line errors on {@code err}),
 * the environment credentials come from, the live view told of its steps, and whether it was aborted.
 */
record SearchSession(PrintStream out, PrintStream err, Map<String, String> environment, SearchListener listener,
                     AtomicBoolean aborted) {
}
