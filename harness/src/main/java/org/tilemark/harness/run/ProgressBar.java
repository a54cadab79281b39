package org.tilemark.harness.run;

import java.io.PrintStream;

/**
 * The console's progress bar for a long step (provisioning, a storage matrix, an image build): one line
 * per unit done, e.g. {@code [provision] [########------------] 3/8 VMs ready, 41 s}. Whole lines rather
 * than a bar redrawn in place, so a log file or a pipe shows the same progress as a terminal.
 */
public final class ProgressBar {

    private static final int WIDTH = 20;

    private final PrintStream out;
    private final String stage;
    private final String units;
    private final int total;
    private final long startNanos = System.nanoTime();
    private int done;

    /** @param units what is counted, in the plural, said as done (e.g. "VMs ready") */
    public ProgressBar(PrintStream out, String stage, int total, String units) {
        this.out = out;
        this.stage = stage;
        this.total = total;
        this.units = units;
    }

    /** One more unit is done: prints the bar as it now stands. */
    public void advance() {
        int now;
        synchronized (this) {
            now = ++done;
        }
        out.println("[" + stage + "] " + bar(now, total) + " " + now + "/" + total + " " + units + ", "
                + (System.nanoTime() - startNanos) / 1_000_000_000 + " s");
    }

    /** {@code done} of {@code total} as a bar of fixed width, e.g. {@code [#####---------------]}. */
    public static String bar(int done, int total) {
        int filled = total <= 0 ? WIDTH : (int) Math.min(WIDTH, (long) WIDTH * Math.max(0, done) / total);
        return "[" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "]";
    }
}
