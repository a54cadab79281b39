package org.tilemark.workloads.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IoEngineTest {

    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    record Issued(long offset, int length, boolean read) {
    }

    /** SHA-256 of every 4 KB block. */
    static List<String> blockHashes(Path file) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        List<String> hashes = new ArrayList<>();
        for (int at = 0; at < bytes.length; at += 4096) {
            sha.update(bytes, at, 4096);
            hashes.add(HexFormat.of().formatHex(sha.digest()));
        }
        return hashes;
    }

    @Test
    void preallocateWritesNonZeroUniqueBlocksOnceAndReusesTheFile() throws Exception {
        Path file = dir.resolve("data");
        assertThat(IoEngine.preallocate(file, 8 * MIB + 4096, 3)).isEqualTo(8 * MIB + 4096);
        assertThat(Files.size(file)).isEqualTo(8 * MIB + 4096);
        List<String> hashes = blockHashes(file);
        assertThat(new HashSet<>(hashes)).hasSize(hashes.size());
        byte[] zero = new byte[4096];
        String zeroHash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(zero));
        assertThat(hashes).doesNotContain(zeroHash);

        assertThat(IoEngine.preallocate(file, 8 * MIB + 4096, 99)).isZero();
        assertThat(blockHashes(file)).isEqualTo(hashes);
        assertThat(IoEngine.preallocate(file, 4 * MIB, 3)).isEqualTo(4 * MIB); // another size: rewritten
        assertThat(Files.size(file)).isEqualTo(4 * MIB);
        assertThatThrownBy(() -> IoEngine.preallocate(file, 1000, 3)).hasMessageContaining("multiple of 4096");
    }

    @Test
    void aShortMixedRunCountsPerTheSpecWithAlignedOffsetsInRange() throws Exception {
        Path file = dir.resolve("mixed");
        long size = 16 * MIB;
        IoEngine.preallocate(file, size, 1);
        ConcurrentLinkedQueue<Issued> issued = new ConcurrentLinkedQueue<>();

        IoResult result = IoEngine.run(List.of(file), AccessSpec.databaseLike(4), 2, Duration.ofMillis(200),
                Duration.ofSeconds(1), 5, (f, offset, length, read) -> issued.add(new Issued(offset, length, read)));

        long total = result.reads() + result.writes();
        assertThat(total).isPositive();
        assertThat(result.errors()).isZero();
        assertThat(result.latencyNanos().getTotalCount()).isEqualTo(total);
        assertThat(result.bytesRead()).isBetween(result.reads() * 4096, result.reads() * 65536);
        assertThat(result.bytesWritten()).isBetween(result.writes() * 4096, result.writes() * 65536);
        assertThat(result.measured()).isEqualTo(Duration.ofSeconds(1));
        assertThat(issued.size()).isGreaterThanOrEqualTo((int) total);
        for (Issued io : issued) {
            assertThat(io.length()).isIn(4096, 65536);
            assertThat(io.offset() % io.length()).isZero(); // aligned on the transfer size
            assertThat(io.offset() + io.length()).isLessThanOrEqualTo(size);
        }
        if (issued.size() >= 400) { // 70 % read: > 5 sigma bounds at 400 draws
            long reads = issued.stream().filter(Issued::read).count();
            assertThat(reads / (double) issued.size()).isBetween(0.55, 0.85);
            long small = issued.stream().filter(io -> io.length() == 4096).count();
            assertThat(small / (double) issued.size()).isBetween(0.35, 0.65);
        }
    }

    @Test
    void sequentialReadsAdvanceOneTransferAtATimeAndWrap() throws Exception {
        Path file = dir.resolve("seq");
        IoEngine.preallocate(file, MIB, 1);
        List<Long> offsets = new ArrayList<>();

        IoResult result = IoEngine.run(List.of(file), AccessSpec.preset("64k-seqread", 1), 1, Duration.ZERO,
                Duration.ofMillis(500), 1, (f, offset, length, read) -> offsets.add(offset));

        assertThat(result.writes()).isZero();
        assertThat(offsets.size()).isGreaterThan(16); // the file is 16 transfers long: it wrapped
        for (int i = 0; i < offsets.size(); i++) {
            assertThat(offsets.get(i)).isEqualTo(i % 16 * 65536L);
        }
    }

    @Test
    void writesNeverRepeatABlock() throws Exception {
        Path file = dir.resolve("written");
        IoEngine.preallocate(file, 2 * MIB, 1);

        IoResult result = IoEngine.run(List.of(file), AccessSpec.preset("64k-seqwrite", 2), 1, Duration.ZERO,
                Duration.ofMillis(500), 9);

        assertThat(result.writes()).isGreaterThan(32); // the 2 MB file was overwritten at least once
        assertThat(result.reads()).isZero();
        List<String> hashes = blockHashes(file);
        assertThat(new HashSet<>(hashes)).hasSize(hashes.size());
    }

    @Test
    void tmpfsRunsDirectWhenItAcceptsODirectAndBufferedOtherwise() throws Exception {
        Path shm = Path.of("/dev/shm");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm), "no /dev/shm here");
        Path file = Files.createTempFile(shm, "tilemark-io", ".dat");
        try {
            Files.delete(file);
            IoEngine.preallocate(file, MIB, 1);
            boolean accepted = acceptsDirect(file);

            IoResult result = IoEngine.run(List.of(file), AccessSpec.preset("4k-randread", 4), 1, Duration.ZERO,
                    Duration.ofMillis(300), 1);

            assertThat(result.direct()).isEqualTo(accepted);
            assertThat(result.reads()).isPositive();
            assertThat(result.errors()).isZero();
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void transfersSmallerThanABlockRunBufferedAndSaySo() throws Exception {
        Path file = dir.resolve("small");
        IoEngine.preallocate(file, MIB, 1);

        IoResult result = IoEngine.run(List.of(file), AccessSpec.preset("512-randread", 2), 1, Duration.ZERO,
                Duration.ofMillis(300), 1);

        // The JDK refuses direct I/O below the filesystem's block size (4 KB almost everywhere).
        assertThat(result.direct()).isEqualTo(IoFile.blockSize(file) <= 512 && acceptsDirect(file));
        assertThat(result.reads()).isPositive();
        assertThat(result.bytesRead()).isEqualTo(result.reads() * 512);
    }

    @Test
    void argumentsAreChecked() throws Exception {
        Path file = dir.resolve("args");
        IoEngine.preallocate(file, 4096, 1);
        AccessSpec spec = AccessSpec.preset("4k-randread", 1);
        assertThatThrownBy(() -> IoEngine.run(List.of(), spec, 1, Duration.ZERO, Duration.ofSeconds(1), 1))
                .hasMessageContaining("files");
        assertThatThrownBy(() -> IoEngine.run(List.of(file), spec, 0, Duration.ZERO, Duration.ofSeconds(1), 1))
                .hasMessageContaining("workersPerFile");
        assertThatThrownBy(() -> IoEngine.run(List.of(file), spec, 1, Duration.ZERO, Duration.ZERO, 1))
                .hasMessageContaining("runtime");
        assertThatThrownBy(() -> IoEngine.run(List.of(file), AccessSpec.preset("64k-seqread", 1), 1, Duration.ZERO,
                Duration.ofSeconds(1), 1)).hasMessageContaining("smaller than the transfer size");
    }

    private static boolean acceptsDirect(Path file) {
        try (FileChannel ignored = FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
