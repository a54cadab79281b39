package org.tilemark.harness.verify;

/** The path is not a results bundle, or a file it needs cannot be read as one (exit 2). */
final class NotABundle extends Exception {
    NotABundle(String message) {
        super(message);
    }
}
