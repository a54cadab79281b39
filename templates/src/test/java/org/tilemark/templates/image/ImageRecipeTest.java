package org.tilemark.templates.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ImageRecipeTest {

    @Test
    void theBootAgentFindsTheGuestConfigWhereNoCloudAndGuestinfoPutIt() {
        ImageRecipe recipe = ImageRecipe.standard();
        String env = bootEnv(recipe);
        assertThat(env).contains("NOCLOUD_LABEL=cidata", "NOCLOUD_CONFIG_FILE=guest-config.json", "GUESTINFO_KEY=" + NoCloudSeed.GUESTINFO_KEY);
        assertThat(recipe.bootAgent()).anySatisfy(f -> assertThat(f.path()).isEqualTo("/etc/systemd/system/tilemark-guest.service"));
        assertThat(recipe.bootAgent()).allSatisfy(f -> assertThat(f.content()).isNotBlank());
        assertThat(recipe.kernelCommandLine()).contains("console=ttyS0", "root=LABEL=" + ImageRecipe.ROOT_LABEL);
        assertThat(ImageRecipe.ROOT_LABEL.length()).as("ext4 labels hold 16 bytes").isLessThanOrEqualTo(16);
    }

    /** The guest's own name resolves without a name server, and no build machine's resolver stays in the image. */
    @Test
    void theGuestResolvesItsHostNameFromEtcHostsAndNamesNoResolver() {
        ImageRecipe recipe = ImageRecipe.standard();
        assertThat(file(recipe, "/etc/hostname")).isEqualTo(ImageRecipe.HOSTNAME + "\n");
        assertThat(file(recipe, "/etc/hosts").lines()).contains("127.0.1.1\t" + ImageRecipe.HOSTNAME, "127.0.0.1\tlocalhost");
        assertThat(file(recipe, "/etc/resolv.conf").lines()).noneMatch(line -> line.startsWith("nameserver"));
    }

    private static String file(ImageRecipe recipe, String path) {
        return recipe.bootAgent().stream().filter(f -> f.path().equals(path)).findFirst().orElseThrow().content();
    }

    /** The scripts run under systemd with boot.env as their environment: every variable they read must be set there. */
    @Test
    void everyVariableTheBootScriptsReadIsSetByBootEnv() {
        ImageRecipe recipe = ImageRecipe.standard();
        Set<String> defined = new TreeSet<>();
        for (String line : bootEnv(recipe).split("\n")) {
            if (line.contains("=")) {
                defined.add(line.substring(0, line.indexOf('=')));
            }
        }
        // Optional overrides with a default in the script itself (the image build's class-data training run sets it).
        defined.add("TILEMARK_CLASS_DATA");
        // Set by tilemark-guest.service itself (Environment=): the user every role but mail runs as.
        defined.add("TILEMARK_RUN_AS");
        // What systemd tells an ExecStopPost command of how the service ended (tilemark-guest-exited).
        defined.addAll(List.of("SERVICE_RESULT", "EXIT_CODE", "EXIT_STATUS"));
        Pattern variable = Pattern.compile("\\$\\{?([A-Z][A-Z0-9_]*)");
        Set<String> read = new TreeSet<>();
        for (ImageRecipe.GuestFile file : recipe.bootAgent()) {
            if (file.path().startsWith(ImageRecipe.GUEST_HOME + "/bin/")) {
                Matcher m = variable.matcher(file.content());
                while (m.find()) {
                    read.add(m.group(1));
                }
            }
        }
        assertThat(read).contains("GUEST_CLASSPATH", "CLASS_DATA_ARCHIVE", "GUEST_RUN");
        assertThat(defined).containsAll(read);
    }

    private static String bootEnv(ImageRecipe recipe) {
        return recipe.bootAgent().stream().filter(f -> f.path().equals(ImageRecipe.BOOT_ENV)).findFirst().orElseThrow().content();
    }
}
