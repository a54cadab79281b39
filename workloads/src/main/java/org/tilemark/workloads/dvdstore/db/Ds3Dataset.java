package org.tilemark.workloads.dvdstore.db;

import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.dvdstore.Ds3Size;

/** What a DVD Store database was loaded with: enough to rebuild its {@link Ds3Catalog}. */
public record Ds3Dataset(Ds3Size size, long seed) {

    public Ds3Catalog catalog() {
        return new Ds3Catalog(size, seed);
    }
}
