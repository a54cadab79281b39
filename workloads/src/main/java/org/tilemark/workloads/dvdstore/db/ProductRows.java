package org.tilemark.workloads.dvdstore.db;

import java.util.SplittableRandom;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;

/**
 * PRODUCTS, INVENTORY and CATEGORIES rows as DS3's generators write them. Title, actor, category
 * and price come from the {@link Ds3Catalog}; one title in 100 is on special (one in 10,000 above
 * 100,000 products), the only ones a category browse returns; membership levels 0..3 are uniform.
 */
final class ProductRows {

    static final String PRODUCT_COLUMNS = "prod_id, category, title, actor, price, special, common_prod_id, membership_item";
    static final String INVENTORY_COLUMNS = "prod_id, quan_in_stock, sales";
    static final String CATEGORY_COLUMNS = "category, categoryname";
    static final int SPECIAL_ONE_IN_SMALL = 100;
    static final int SPECIAL_ONE_IN_LARGE = 10_000;
    static final long LARGE_CATALOG = 100_000;
    static final int MAX_MEMBERSHIP_LEVEL = 3;
    /**
     * Initial stock: DS3 draws 0..500, ten times that for the ten-times-popular every 10,000th
     * product. The floor is the RESTOCK trigger's threshold, not DS3's 0: the trigger refills only
     * on a sale, and a product loaded with less than a line's quantity never sells, so in DS3 it
     * rolls back every order that picks it for the whole run (about 1 % of orders at 5 lines).
     */
    static final int MIN_STOCK = 3;
    static final int MAX_STOCK = 500;
    static final int POPULAR_EVERY = 10_000;
    static final int POPULAR_STOCK_FACTOR = 10;

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
        int specialOneIn = products > LARGE_CATALOG ? SPECIAL_ONE_IN_LARGE : SPECIAL_ONE_IN_SMALL;
        for (long id = 1; id <= products; id++) {
            SplittableRandom rng = random.of(SALT_PRODUCT, id);
            out.add(id)
                    .add(catalog.categoryOf(id))
                    .add(catalog.titleOf(id))
                    .add(catalog.actorOf(id))
                    .add(catalog.priceOf(id).toPlainString())
                    .add(rng.nextInt(specialOneIn) == 0 ? 1 : 0)
                    .add(EntityRandom.between(rng, 1L, products))
                    .add(EntityRandom.between(rng, 0, MAX_MEMBERSHIP_LEVEL));
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
        int stock = EntityRandom.between(random.of(SALT_STOCK, prodId), MIN_STOCK, MAX_STOCK);
        return prodId % POPULAR_EVERY == 0 ? stock * POPULAR_STOCK_FACTOR : stock;
    }

    static void writeCategories(CopyTextWriter out) {
        for (int category = 1; category <= Ds3Catalog.CATEGORY_NAMES.size(); category++) {
            out.add(category).add(Ds3Catalog.categoryName(category));
            out.endRow();
        }
    }
}
