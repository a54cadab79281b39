package org.tilemark.workloads.olio.web;

import java.util.Map;
import java.util.Optional;
import org.tilemark.templates.guest.GuestServer;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.workloads.guest.web.DatabasePool;
import org.tilemark.workloads.guest.web.SpringWebGuest;
import org.tilemark.workloads.olio.cache.OlioCache;
import org.tilemark.workloads.olio.cache.OlioCaches;
import org.tilemark.workloads.olio.db.OlioDbRole;
import org.tilemark.workloads.olio.db.OlioScale;

/**
 * The {@code olio-web} VM: Olio's web tier (Spring Boot, embedded Tomcat) on the guest config's bind
 * address, with its cache (memcached of its own, {@link OlioCaches}) in front of the database and its
 * filestore under the VM's {@code disk/filestore}.
 *
 * <p>Settings: {@code olio.db.peer} (the database VM) or {@code olio.db.url} (a full JDBC URL),
 * {@code olio.db.user} (default {@code olio}), {@code olio.db.pool} (connections, default 10),
 * {@code olio.loadedUsers} (the persons whose files the template holds, as the database VM's; default 2500),
 * {@code olio.cache} ({@code auto}, {@code memcached} or {@code map}); the password is the secret
 * {@value #PASSWORD_ENV}. The template build writes every seeded person's and event's files
 * ({@link FileStoreLoad}); start does so too if the disk lacks them.
 */
public final class OlioWebRole implements GuestRole {

    public static final String NAME = "olio-web";
    public static final String PASSWORD_ENV = OlioDbRole.PASSWORD_ENV;
    static final long MAX_UPLOAD_BYTES = 10L * 1024 * 1024;
    private static final DatabasePool POOL = new DatabasePool("olio.db", "olio", "olio", PASSWORD_ENV,
            "the Olio database password");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void buildTemplate(GuestContext context) throws Exception {
        FileStoreLoad.ensure(new Filestore(context.disk()), scale(context));
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        Filestore filestore = new Filestore(context.disk());
        FileStoreLoad.ensure(filestore, scale(context));
        OlioCache cache = OlioCaches.start(context.get(OlioCaches.SETTING, "auto"), context.disk());
        RunningGuest web;
        try {
            web = SpringWebGuest.start(context, OlioWebApplication.class, POOL, Map.of(
                            "spring.web.resources.add-mappings", "false",
                            "spring.servlet.multipart.max-file-size", Long.toString(MAX_UPLOAD_BYTES),
                            "spring.servlet.multipart.max-request-size", Long.toString(3 * MAX_UPLOAD_BYTES)),
                    Map.of("filestore", filestore, "olioCache", cache));
        } catch (Exception | Error e) {
            cache.close();
            throw e;
        }
        return new RunningGuest() {
            @Override
            public int port() {
                return web.port();
            }

            @Override
            public Optional<GuestServer> server() {
                return Optional.of(cache.server());
            }

            @Override
            public void close() throws Exception {
                try {
                    web.close();
                } finally {
                    cache.close();
                }
            }
        };
    }

    private static OlioScale scale(GuestContext context) {
        return OlioScale.forLoadedUsers(Math.toIntExact(context.integer("olio.loadedUsers", OlioDbRole.DEFAULT_LOADED_USERS)));
    }
}
