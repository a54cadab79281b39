package org.tilemark.workloads.deploy;

import org.tilemark.workloads.guest.postgres.PostgresGuestRole;

/**
 * The {@code deploy} VM that the Deploy operation clones, boots, works and destroys: an empty
 * PostgreSQL database ({@value #DATABASE}, owner {@value #USER}) that {@link DeployJob} loads and
 * queries once the VM is up. The password is the secret {@value #PASSWORD_ENV}, at build and at start.
 */
public final class DeployDbRole extends PostgresGuestRole {

    public static final String NAME = "deploy";
    /** The password's secret in the guest config, and the harness's environment variable for it. */
    public static final String PASSWORD_ENV = "TILEMARK_DEPLOY_DB_PASSWORD";
    public static final String DATABASE = "deployjob";
    public static final String USER = "deployjob";

    public DeployDbRole() {
        super(new Database(NAME, DATABASE, null, USER, PASSWORD_ENV, "the deploy VM's database password"), DataLoader.NONE);
    }
}
