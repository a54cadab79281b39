package org.tilemark.workloads.dvdstore.db;

import java.util.SplittableRandom;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.dvdstore.ProductPicker;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;

/**
 * PRODUCTS, INVENTORY and CATEGORIES rows. Title, actor, category and price come from the
 * {@link Ds3Catalog}; specials, membership levels and stock follow DS3's generators.
 */
final class ProductRows {

    static final String PRODUCT_COLUMNS = "prod_id, category, title, actor, price, special, common_prod_id, membership_item";
    static final String INVENTORY_COLUMNS = "prod_id, quan_in_stock, sales";
    static final String CATEGORY_COLUMNS = "category, categoryname";
    /** DS3: 1 title in 100 is on special, 1 in 10,000 in catalogs of more than 100,000 products. */
    static final int SPECIAL_ONE_IN = 100;
    static final int LARGE_CATALOG_SPECIAL_ONE_IN = 10_000;
    static final long LARGE_CATALOG = 100_000;
    /** DS3 gives every product a membership level 0..3 (0: for everyone). */
    static final int MEMBERSHIP_LEVELS = 3;
    /**
     * DS3's inventory generator: 0..500 in stock, ten times that for the driver's popular products.
     * The RESTOCK trigger refills a product only when an update leaves it under 3, so a product
     * loaded under 3 would never sell; it is loaded as the trigger refills it (see schema.sql).
     */
    static final int MAX_STOCK = 500;
    static final int RESTOCK_BELOW = 3;
    static final int RESTOCK_TO = 250;

    private static final long SALT_PRODUCT = 0x70726f64L;
    private static final long SALT_STOCK = 0x73746f636bL;

    private final Ds3Catalog catalog;
    private final EntityRandom random;

    ProductRows(Ds3Catalog catalog, EntityRandom random) {
        this.catalog = catalog;
        this.random = random;
    }

    void writeProducts(CopyTextWriter out) {
        long products = catalog.size().products();
        int specialOneIn = products > LARGE_CATALOG ? LARGE_CATALOG_SPECIAL_ONE_IN : SPECIAL_ONE_IN;
        for (long id = 1; id <= products; id++) {
            SplittableRandom rng = random.of(SALT_PRODUCT, id);
            out.add(id)
                    .add(catalog.categoryOf(id))
                    .add(catalog.titleOf(id))
                    .add(catalog.actorOf(id))
                    .add(catalog.priceOf(id).toPlainString())
                    .add(rng.nextInt(specialOneIn) == 0 ? 1 : 0)
                    .add(EntityRandom.between(rng, 1L, products))
                    .add(EntityRandom.between(rng, 0, MEMBERSHIP_LEVELS));
            out.endRow();
        }
    }

    /** {@code salesByProduct[id]}: units sold in the loaded order history. */
    void writeInventory(CopyTextWriter out, int[] salesByProduct) {
        for (long id = 1; id <= catalog.size().products(); id++) {
            out.add(id).add(initialStock(id)).add(salesByProduct[(int) id]);
            out.endRow();
        }
    }

    int initialStock(long prodId) {
        int popularity = prodId % ProductPicker.POPULAR_EVERY == 0 ? ProductPicker.POPULARITY : 1;
        int stock = EntityRandom.between(random.of(SALT_STOCK, prodId), 0, MAX_STOCK) * popularity;
        return stock < RESTOCK_BELOW ? RESTOCK_TO * popularity : stock;
    }

    static void writeCategories(CopyTextWriter out) {
        for (int category = 1; category <= Ds3Catalog.CATEGORY_NAMES.size(); category++) {
            out.add(category).add(Ds3Catalog.categoryName(category));
            out.endRow();
        }
    }
}
