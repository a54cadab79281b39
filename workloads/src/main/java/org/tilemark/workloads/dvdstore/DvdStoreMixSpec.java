package org.tilemark.workloads.dvdstore;


/**
 * DVD Store 3 order-mix parameters (names follow the DS3 driver's options).
 * Counts {@code n} mean "uniformly 1..2n-1 per order".
 */
public record DvdStoreMixSpec(int pctNewCustomers, int pctNewMember, int nSearches, int searchBatchSize,
        int nReviews, int pctNewReview, int pctHelpfulness, int nLineItems) {
}
