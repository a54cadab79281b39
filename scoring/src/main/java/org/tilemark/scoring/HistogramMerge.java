package org.tilemark.scoring;

import java.util.Collection;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/** Merges interval histograms (e.g. read back from an .hlog) into one, losslessly. */
public final class HistogramMerge {

    private static final int DEFAULT_SIGNIFICANT_DIGITS = 3;

    private HistogramMerge() {
    }

    /**
     * A new auto-resizing histogram holding every count of every part, at the finest precision among
     * the parts, spanning from the earliest start to the latest end time stamp. The parts are not changed.
     */
    public static Histogram merge(Collection<? extends AbstractHistogram> parts) {
        Require.listCopy(parts, "parts");
        int digits = parts.stream().mapToInt(AbstractHistogram::getNumberOfSignificantValueDigits)
                .max().orElse(DEFAULT_SIGNIFICANT_DIGITS);
        Histogram merged = new Histogram(digits);
        long start = Long.MAX_VALUE;
        long end = 0;
        for (AbstractHistogram part : parts) {
            merged.add(part);
            // 0 means "not set"; an unset start must not win the minimum.
            if (part.getStartTimeStamp() > 0) {
                start = Math.min(start, part.getStartTimeStamp());
            }
            end = Math.max(end, part.getEndTimeStamp());
        }
        if (start != Long.MAX_VALUE) {
            merged.setStartTimeStamp(start);
        }
        merged.setEndTimeStamp(end);
        return merged;
    }
}
