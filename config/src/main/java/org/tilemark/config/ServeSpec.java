package org.tilemark.config;

import java.nio.file.Path;

/**
 * {@code tilemark serve} and {@code run --serve}: where the web app listens and where its access token
 * comes from. Never holds the token: it is resolved with {@link Secrets#resolve} from {@code tokenFile}
 * or {@code tokenEnv}, else generated once into {@code <run.stateDir>/secrets/}.
 *
 * @param address   address the web app binds (127.0.0.1 unless configured)
 * @param port      TCP port; 0 picks a free one (printed at start)
 * @param tokenEnv  name of the environment variable holding the token
 * @param tokenFile file holding the token, or null
 */
public record ServeSpec(String address, int port, String tokenEnv, @OptionalValue Path tokenFile) {
}
