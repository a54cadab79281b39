package org.tilemark.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a file a user named, refusing what would hang or exhaust memory: a FIFO or device is never
 * opened (it may have no writer, or no end), and a file over the cap is refused after reading one
 * byte past it. Every refusal is an {@link InputFileException} whose message names the file.
 */
public final class InputFiles {

    /** Configuration files and secrets: far more than any real one needs. */
    public static final long CONFIG_MAX_BYTES = 1 << 20;

    private InputFiles() {
    }

    /** The file's bytes, if it is a regular file (after following links) of at most {@code maxBytes}. */
    public static byte[] readBytes(Path file, long maxBytes) throws InputFileException {
        requireRegular(file);
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                throw new InputFileException(file + ": larger than " + maxBytes + " bytes" + ", too large to read");
            }
            return bytes;
        } catch (NoSuchFileException e) {
            throw new InputFileException(file + ": does not exist");
        } catch (InputFileException e) {
            throw e;
        } catch (IOException e) {
            throw new InputFileException(file + ": cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** The file as UTF-8 text; bytes that are not UTF-8 are refused rather than replaced. */
    public static String readText(Path file, long maxBytes) throws InputFileException {
        byte[] bytes = readBytes(file, maxBytes);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InputFileException(file + ": not UTF-8 text");
        }
    }

    /** Refuses, without opening it, anything but an existing regular file. */
    public static void requireRegular(Path file) throws InputFileException {
        if (!Files.exists(file)) {
            throw new InputFileException(file + ": does not exist");
        }
        if (Files.isDirectory(file)) {
            throw new InputFileException(file + ": is a directory, not a file");
        }
        if (!Files.isRegularFile(file)) {
            throw new InputFileException(file + ": not a regular file (a FIFO, socket or device is never read)");
        }
        if (!Files.isReadable(file)) {
            throw new InputFileException(file + ": not readable");
        }
    }

    /** A file that cannot be used as input; the message names the file and says why, in one line. */
    public static final class InputFileException extends IOException {
        public InputFileException(String message) {
            super(message);
        }
    }
}
