package org.tilemark.workloads.storage;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A data file open for the run: with O_DIRECT when the filesystem accepts it and every transfer and
 * alignment of the spec is a multiple of its block size (the JDK refuses unaligned direct I/O),
 * otherwise buffered, which the result reports.
 */
record IoFile(Path path, FileChannel channel, long size, boolean direct, int bufferAlignment) implements AutoCloseable {

    static IoFile open(Path path, AccessSpec spec) throws IOException {
        long size = Files.size(path);
        int block = blockSize(path);
        boolean aligned = spec.lines().stream()
                .allMatch(l -> l.transferBytes() % block == 0 && l.alignmentBytes() % block == 0);
        if (aligned) {
            try {
                FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE,
                        ExtendedOpenOption.DIRECT);
                return new IoFile(path, channel, size, true, block);
            } catch (IOException | UnsupportedOperationException refused) {
                // tmpfs and some network filesystems refuse O_DIRECT: run buffered and say so
            }
        }
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        return new IoFile(path, channel, size, false, block);
    }

    /** The filesystem's block size as a power of two of at least a sector (direct buffers align to it). */
    static int blockSize(Path path) {
        long block;
        try {
            block = Files.getFileStore(path).getBlockSize();
        } catch (IOException | UnsupportedOperationException e) {
            block = 4096;
        }
        return block >= AccessLine.SECTOR && block <= (1 << 20) && Long.bitCount(block) == 1 ? (int) block : 4096;
    }

    ByteBuffer newBuffer(int capacity) {
        int rounded = (capacity + bufferAlignment - 1) / bufferAlignment * bufferAlignment;
        return ByteBuffer.allocateDirect(rounded + bufferAlignment).alignedSlice(bufferAlignment);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
