package org.tilemark.workloads.dvdstore.db;

import org.slf4j.LoggerFactory;
import org.tilemark.workloads.dvdstore.Ds3Size;
import org.tilemark.workloads.guest.postgres.PostgresGuestRole;

/**
 * The {@code dvdstore-db} VM: a real PostgreSQL holding the DVD Store 3 database {@code ds3}.
 *
 * <p>Settings: {@code dvdstore.size} (S, M, L or e.g. 100MB; default S), {@code dvdstore.seed}
 * (default 42), {@code dvdstore.db.user} (default {@code ds3}). The application user's password is
 * the secret {@value #PASSWORD_ENV}, at template build and at start.
 */
public final class DvdStoreDbRole extends PostgresGuestRole {

    public static final String NAME = "dvdstore-db";
    /** The password's secret in the guest config, and the harness's environment variable for it. */
    public static final String PASSWORD_ENV = "TILEMARK_DVDSTORE_DB_PASSWORD";
    public static final String DATABASE = "ds3";
    public static final String DEFAULT_USER = "ds3";
    public static final String DEFAULT_SIZE = "S";
    public static final long DEFAULT_SEED = 42;

    public DvdStoreDbRole() {
        super(new Database(NAME, DATABASE, "dvdstore.db.user", DEFAULT_USER, PASSWORD_ENV, "the DVD Store database password"),
                context -> {
                    Ds3Size size = Ds3Size.parse(context.get("dvdstore.size", DEFAULT_SIZE));
                    long seed = context.integer("dvdstore.seed", DEFAULT_SEED);
                    return app -> {
                        Ds3Loader.load(app, size, seed);
                        LoggerFactory.getLogger(DvdStoreDbRole.class).info("Loaded DS3 size {}, seed {}", size.label(), seed);
                    };
                });
    }
}
