package org.tilemark.harness.image;

/** A build that cannot go on: the one-line reason and the exit code (2 bad input, 3 mirror or tool failure). */
public final class ImageBuildException extends Exception {

    static final int BAD_INPUT = 2;
    static final int PLATFORM_FAILURE = 3;

    private final int exitCode;

    ImageBuildException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
