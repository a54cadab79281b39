package org.tilemark.workloads.dvdstore.web;

import java.util.Map;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.workloads.guest.web.DatabasePool;
import org.tilemark.workloads.guest.web.SpringWebGuest;

/**
 * The {@code dvdstore-web} VM: the DVD Store store front (Spring Boot, embedded Tomcat) on the guest
 * config's bind address.
 *
 * <p>Settings: {@code dvdstore.db.peer} (the database VM) or {@code dvdstore.db.url} (a full JDBC
 * URL), {@code dvdstore.db.user} (default {@code ds3}), {@code dvdstore.db.pool} (connections,
 * default 10); the password is the secret {@value #PASSWORD_ENV}. The pool reconnects by itself when
 * the database restarts; requests in the meantime fail with HTTP 503.
 */
public final class DvdStoreWebRole implements GuestRole {

    public static final String NAME = "dvdstore-web";
    public static final String PASSWORD_ENV = org.tilemark.workloads.dvdstore.db.DvdStoreDbRole.PASSWORD_ENV;
    static final DatabasePool POOL = new DatabasePool("dvdstore.db", "ds3", "ds3", PASSWORD_ENV,
            "the DVD Store database password");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public RunningGuest start(GuestContext context) {
        return SpringWebGuest.start(context, StoreFrontApplication.class, POOL, Map.of(), Map.of());
    }
}
