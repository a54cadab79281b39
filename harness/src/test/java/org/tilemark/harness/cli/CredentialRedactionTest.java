package org.tilemark.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A password planted in every key that may carry one, in every form a URL can carry it, never appears
 * in anything a command prints: not in its errors, not in what it echoes back.
 */
class CredentialRedactionTest {

    private static final String SECRET = "hun/ter2-planted";

    @TempDir
    Path tmp;

    @Test
    void noPlantedPasswordIsEverPrinted() throws Exception {
        List<String> leaks = new ArrayList<>();
        int printed = 0;
        for (String[] setting : plantedSettings()) {
            for (String command : List.of("validate", "run", "compare")) {
                List<String> args = BadInputs.base(tmp, command);
                args.addAll(List.of(command.equals("compare") ? "-a" : "-s", setting[0] + "=" + setting[1]));
                if (command.equals("compare")) {
                    args.addAll(List.of("-b", "run.seed=7"));
                }
                if (!command.equals("validate")) {
                    List<String> guard = BadInputs.base(tmp, "validate");
                    guard.addAll(List.of("-s", setting[0] + "=" + setting[1]));
                    assertThat(BadInputFuzzTest.run(guard).exit()).as("validate " + setting[0] + "=" + setting[1]).isEqualTo(2);
                }
                BadInputFuzzTest.Result result = BadInputFuzzTest.run(args);
                String all = result.out() + result.err();
                printed += all.length();
                assertThat(result.exit()).as(command + " " + setting[0] + "=" + setting[1] + ": " + all).isEqualTo(2);
                for (String part : List.of(SECRET, "ter2-planted", "hun/")) {
                    if (all.contains(part)) {
                        leaks.add(command + " " + setting[0] + "=" + setting[1] + " printed: " + all.strip());
                    }
                }
            }
        }
        assertThat(printed).isPositive();
        assertThat(leaks).isEmpty();
    }

    /** Each credential-carrying key with the password in user info, as a bare token, after a slash, as a parameter. */
    private static List<String[]> plantedSettings() {
        List<String[]> s = new ArrayList<>();
        String jdbc = "workloads.dvdstore.database.jdbcUrl";
        s.add(new String[] {jdbc, "jdbc:postgresql://ds3:" + SECRET + "@127.0.0.1:1/ds3"});
        s.add(new String[] {jdbc, "postgres://" + SECRET + "@h/db"});
        s.add(new String[] {jdbc, "jdbc:postgresql://127.0.0.1:1/ds3?user=ds3&password=" + SECRET});
        s.add(new String[] {jdbc, "jdbc:garbage://u:" + SECRET + "@h:70000/x"});
        for (String scheme : List.of("smtp", "imap")) {
            String key = "workloads.mail." + scheme + "Url";
            s.add(new String[] {key, scheme + "://u:" + SECRET + "@host:25"});
            s.add(new String[] {key, scheme + "://" + SECRET + "@host:99999"});
        }
        // A credential-looking value given to a key of another type is echoed redacted too.
        s.add(new String[] {"workloads.mail.users", "smtp://u:" + SECRET + "@host:25"});
        s.add(new String[] {"run.phaseDuration", "imap://" + SECRET + "@h:1"});
        return s;
    }
}
