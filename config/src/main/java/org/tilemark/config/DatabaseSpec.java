package org.tilemark.config;

import java.nio.file.Path;
import java.util.regex.Pattern;

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
public record DatabaseSpec(String jdbcUrl, String username, String passwordEnv,
        @OptionalValue Path passwordFile, int poolSize) {

    // A URL may still carry a credential someone typed into it; never print it.
    private static final Pattern URL_PASSWORD = Pattern.compile("(?i)(password=)[^&;]*");
    private static final Pattern URL_USER_INFO = Pattern.compile("(//[^/:@]*:)[^/@]*@");

    /** The JDBC URL with any embedded password replaced by {@code ***}. */
    public String redactedJdbcUrl() {
        if (jdbcUrl == null) {
            return null;
        }
        String withoutParam = URL_PASSWORD.matcher(jdbcUrl).replaceAll("$1***");
        return URL_USER_INFO.matcher(withoutParam).replaceAll("$1***@");
    }

    @Override
    public String toString() {
        return "DatabaseSpec[jdbcUrl=" + redactedJdbcUrl() + ", username=" + username
                + ", passwordEnv=" + passwordEnv + ", passwordFile=" + passwordFile + ", poolSize=" + poolSize + "]";
    }
}
