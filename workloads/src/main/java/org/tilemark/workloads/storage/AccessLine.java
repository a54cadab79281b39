package org.tilemark.workloads.storage;

/**
 * One line of an Iometer access specification: this share of the I/Os ({@code accessPercent}) uses
 * this transfer size, read/write mix, random/sequential mix and alignment.
 *
 * <p>Sizes are multiples of 512 bytes (a sector) so that every offset the engine computes is sector
 * aligned; O_DIRECT needs more (the filesystem's block size), which the engine checks per file.
 */
public record AccessLine(int transferBytes, int accessPercent, int readPercent, int randomPercent, int alignmentBytes) {

    static final int SECTOR = 512;

    public AccessLine {
        if (transferBytes <= 0 || transferBytes % SECTOR != 0) {
            throw new IllegalArgumentException("transferBytes must be a positive multiple of " + SECTOR + ", was " + transferBytes);
        }
        percent("accessPercent", accessPercent);
        percent("readPercent", readPercent);
        percent("randomPercent", randomPercent);
        if (alignmentBytes <= 0 || alignmentBytes % SECTOR != 0) {
            throw new IllegalArgumentException("alignmentBytes must be a positive multiple of " + SECTOR + ", was " + alignmentBytes);
        }
    }

    /** 100 % of the I/Os, aligned on the transfer size (Iometer's default). */
    public static AccessLine of(int transferBytes, int readPercent, int randomPercent) {
        return new AccessLine(transferBytes, 100, readPercent, randomPercent, transferBytes);
    }

    private static void percent(String field, int value) {
        if (value < 0 || value > 100) {
            throw new IllegalArgumentException(field + " must be within 0..100, was " + value);
        }
    }

    /** "4K 70%read 100%random", with " align 512B" when the alignment is not the transfer size. */
    String describe() {
        String text = size(transferBytes) + " " + readPercent + "%read " + randomPercent + "%random";
        return alignmentBytes == transferBytes ? text : text + " align " + size(alignmentBytes);
    }

    static String size(long bytes) {
        if (bytes % (1024 * 1024) == 0) {
            return bytes / (1024 * 1024) + "M";
        }
        return bytes % 1024 == 0 ? bytes / 1024 + "K" : bytes + "B";
    }
}
