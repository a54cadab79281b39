package org.tilemark.workloads.dvdstore.db;

import java.util.SplittableRandom;
import org.tilemark.workloads.dvdstore.Ds3Catalog;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;

/**
 * PRODUCTS, INVENTORY and CATEGORIES rows. Title, actor, category and price come from the
 * {@link Ds3Catalog} so drivers can search for what exists. A few percent of the titles are on
 * special (favoured by category browsing, as in DS3).
 */
final class ProductRows {

    static final String PRODUCT_COLUMNS = "prod_id, category, title, actor, price, special, common_prod_id, membership_item";
    static final String INVENTORY_COLUMNS = "prod_id, quan_in_stock, sales";
    static final String CATEGORY_COLUMNS = "category, categoryname";
    static final double SPECIAL_FRACTION = 0.03;
    static final double MEMBERSHIP_ITEM_FRACTION = 0.02;
    /**
     * Initial stock per product. DS3's driver makes every 10,000th product ten times as popular;
     * those get ten times the stock. Sized so hours of throttled load rarely run a product dry
     * (rollbacks should stay far below the 0.5 % QoS limit) while REORDER still fills over time.
     */
    static final int MIN_STOCK = 500;
    static final int MAX_STOCK = 5_000;
    static final int POPULAR_EVERY = 10_000;

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
        for (long id = 1; id <= products; id++) {
            SplittableRandom rng = random.of(SALT_PRODUCT, id);
            out.add(id)
                    .add(catalog.categoryOf(id))
                    .add(catalog.titleOf(id))
                    .add(catalog.actorOf(id))
                    .add(catalog.priceOf(id).toPlainString())
                    .add(rng.nextDouble() < SPECIAL_FRACTION ? 1 : 0)
                    .add(EntityRandom.between(rng, 1L, products))
                    .add(rng.nextDouble() < MEMBERSHIP_ITEM_FRACTION ? EntityRandom.between(rng, 1, 3) : 0);
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
        return prodId % POPULAR_EVERY == 0 ? stock * 10 : stock;
    }

    static void writeCategories(CopyTextWriter out) {
        for (int category = 1; category <= Ds3Catalog.CATEGORY_NAMES.size(); category++) {
            out.add(category).add(Ds3Catalog.categoryName(category));
            out.endRow();
        }
    }
}
