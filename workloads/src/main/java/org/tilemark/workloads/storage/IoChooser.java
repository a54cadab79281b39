package org.tilemark.workloads.storage;

import java.util.SplittableRandom;

/** Draws each I/O's access line, direction and (for random access) offset, per the spec's percentages. */
final class IoChooser {

    private final AccessLine[] lines;
    private final int[] cumulativePercent;
    private final long fileBytes;

    IoChooser(AccessSpec spec, long fileBytes) {
        this.lines = spec.lines().toArray(AccessLine[]::new);
        this.cumulativePercent = new int[lines.length];
        int sum = 0;
        for (int i = 0; i < lines.length; i++) {
            sum += lines[i].accessPercent();
            cumulativePercent[i] = sum;
        }
        if (spec.maxTransferBytes() > fileBytes) {
            throw new IllegalArgumentException("file of " + fileBytes + " bytes is smaller than the transfer size "
                    + spec.maxTransferBytes() + " of spec " + spec.name());
        }
        this.fileBytes = fileBytes;
    }

    AccessLine line(SplittableRandom random) {
        int draw = random.nextInt(100);
        for (int i = 0; i < lines.length; i++) {
            if (draw < cumulativePercent[i]) {
                return lines[i];
            }
        }
        throw new IllegalStateException("access percentages do not sum to 100");
    }

    static boolean read(AccessLine line, SplittableRandom random) {
        return random.nextInt(100) < line.readPercent();
    }

    static boolean random(AccessLine line, SplittableRandom random) {
        return random.nextInt(100) < line.randomPercent();
    }

    /** Uniform over every aligned offset at which the whole transfer fits in the file. */
    long randomOffset(AccessLine line, SplittableRandom random) {
        long slots = (fileBytes - line.transferBytes()) / line.alignmentBytes() + 1;
        return random.nextLong(slots) * line.alignmentBytes();
    }

    long fileBytes() {
        return fileBytes;
    }
}
