package org.tilemark.workloads.dvdstore.web;

/** Bounds on what one request may ask for, so a bad driver cannot turn a page into a table scan. */
final class StoreLimits {

    static final int MAX_BATCH = 100;
    /** Browse-reviews considers the reviews of at most this many matching products. */
    static final int MAX_PRODUCTS_FOR_REVIEWS = 100;
    /** DS3's review search looks at the first 500 matching reviews. */
    static final int MAX_REVIEWS_FOR_BROWSE = 500;
    static final int MAX_PURCHASE_LINES = 100;
    static final int MAX_QUANTITY = 100_000;
    static final int PREVIOUS_ORDER_TITLES = 10;

    private StoreLimits() {
    }
}
