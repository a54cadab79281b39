package org.tilemark.harness.compare;

/** Input that cannot be compared (exit 2); the message is the whole one-line explanation. */
public final class BadCompareInput extends Exception {
    public BadCompareInput(String message) {
        super(message);
    }
}
