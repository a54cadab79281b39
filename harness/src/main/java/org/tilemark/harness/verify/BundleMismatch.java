package org.tilemark.harness.verify;

/** The first thing in a bundle that disagrees with its recomputation or its seal (exit 1). */
final class BundleMismatch extends Exception {
    BundleMismatch(String message) {
        super(message);
    }

    /** "WHERE: recorded R, recomputed C" — the one shape every number mismatch is reported in. */
    static BundleMismatch of(String where, Object recorded, Object recomputed) {
        return new BundleMismatch(where + ": recorded " + recorded + ", recomputed " + recomputed);
    }
}
