package org.tilemark.harness.bundle;

import java.io.IOException;

/** A bundle whose declared format this version cannot read; the message names the format. */
public final class UnsupportedBundleFormat extends IOException {
    UnsupportedBundleFormat(String message) {
        super(message);
    }
}
