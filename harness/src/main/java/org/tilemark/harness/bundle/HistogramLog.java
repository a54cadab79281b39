package org.tilemark.harness.bundle;

import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramLogWriter;

/** An HdrHistogram interval log: one tagged histogram per operation per interval, mergeable losslessly later. */
public final class HistogramLog implements AutoCloseable {

    /** The tag of the schedule-lag histogram beside the operations' latency histograms. */
    public static final String SCHEDULE_LAG = "scheduleLag";

    private final PrintStream out;
    private final HistogramLogWriter writer;

    private HistogramLog(PrintStream out, Instant origin) {
        this.out = out;
        this.writer = new HistogramLogWriter(out);
        writer.outputLogFormatVersion();
        writer.outputComment("Tilemark interval histograms; values are nanoseconds from each request's intended start");
        writer.setBaseTime(origin.toEpochMilli());
        writer.outputBaseTime(origin.toEpochMilli());
        writer.outputStartTime(origin.toEpochMilli());
        writer.outputLegend();
    }

    static HistogramLog open(Path file, Instant origin) {
        try {
            return new HistogramLog(new PrintStream(new FileOutputStream(file.toFile()), true), origin);
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException(e);
        }
    }

    public synchronized void write(String tag, AbstractHistogram histogram, Instant start, Instant end) {
        AbstractHistogram copy = histogram.copy();
        copy.setTag(tag);
        copy.setStartTimeStamp(start.toEpochMilli());
        copy.setEndTimeStamp(end.toEpochMilli());
        writer.outputIntervalHistogram(copy);
    }

    @Override
    public synchronized void close() {
        out.close();
    }
}
