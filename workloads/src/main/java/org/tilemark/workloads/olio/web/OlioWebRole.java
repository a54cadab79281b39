package org.tilemark.workloads.olio.web;

import java.util.Map;
import org.tilemark.workloads.guest.GuestContext;
import org.tilemark.workloads.guest.GuestRole;
import org.tilemark.workloads.guest.RunningGuest;
import org.tilemark.workloads.guest.web.DatabasePool;
import org.tilemark.workloads.guest.web.SpringWebGuest;

/**
 * The {@code olio-web} VM: Olio's web tier (Spring Boot, embedded Tomcat) on the guest config's bind
 * address. Uploads are stored under the VM's {@code disk/filestore}.
 *
 * <p>Settings: {@code olio.db.peer} (the database VM) or {@code olio.db.url} (a full JDBC URL),
 * {@code olio.db.user} (default {@code olio}), {@code olio.db.pool} (connections, default 10); the
 * password is the secret {@value #PASSWORD_ENV}. The template build generates the sample media the
 * seeded rows refer to; start does so too if the disk lacks them.
 */
public final class OlioWebRole implements GuestRole {

    public static final String NAME = "olio-web";
    public static final String PASSWORD_ENV = org.tilemark.workloads.olio.db.OlioDbRole.PASSWORD_ENV;
    static final long MAX_UPLOAD_BYTES = 10L * 1024 * 1024;
    private static final DatabasePool POOL = new DatabasePool("olio.db", "olio", "olio", PASSWORD_ENV,
            "the Olio database password");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void buildTemplate(GuestContext context) throws Exception {
        SampleMedia.ensure(new Filestore(context.disk()));
    }

    @Override
    public RunningGuest start(GuestContext context) throws Exception {
        Filestore filestore = new Filestore(context.disk());
        SampleMedia.ensure(filestore);
        return SpringWebGuest.start(context, OlioWebApplication.class, POOL, Map.of(
                        "spring.web.resources.add-mappings", "false",
                        "spring.servlet.multipart.max-file-size", Long.toString(MAX_UPLOAD_BYTES),
                        "spring.servlet.multipart.max-request-size", Long.toString(3 * MAX_UPLOAD_BYTES)),
                Map.of("filestore", filestore));
    }
}
