package org.tilemark.workloads.dvdstore;

import java.nio.file.Path;
import org.tilemark.config.OptionalValue;
import org.tilemark.config.Messages;
import org.tilemark.config.Secrets;
import org.tilemark.config.MayHoldCredentials;

/**
 * Where the DVD Store database lives. Never holds a password: resolve it with
 * {@link Secrets#resolve} from {@code passwordEnv} or {@code passwordFile} when connecting.
 *
 * @param jdbcUrl      empty for the embedded PostgreSQL in the dvdstore-db VM; may contain {@code {tile}}
 * @param username     database user
 * @param passwordEnv  name of the environment variable holding the password
 * @param passwordFile file holding the password, or null
 * @param poolSize     connections per web server
 */
public record DatabaseSpec(@MayHoldCredentials String jdbcUrl, String username, String passwordEnv,
        @OptionalValue Path passwordFile, int poolSize) {

    /** The JDBC URL with any embedded password replaced by {@code ***}. */
    public String redactedJdbcUrl() {
        return Messages.redact(jdbcUrl);
    }

    @Override
    public String toString() {
        return "DatabaseSpec[jdbcUrl=" + redactedJdbcUrl() + ", username=" + username
                + ", passwordEnv=" + passwordEnv + ", passwordFile=" + passwordFile + ", poolSize=" + poolSize + "]";
    }
}
