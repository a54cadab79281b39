package org.tilemark.templates.image;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ImageRecipeTest {

    @Test
    void theBootAgentFindsTheGuestConfigWhereNoCloudAndGuestinfoPutIt() {
        ImageRecipe recipe = ImageRecipe.standard();
        String env = recipe.bootAgent().stream().filter(f -> f.path().endsWith("/boot.env")).findFirst().orElseThrow().content();
        assertThat(env).contains("NOCLOUD_LABEL=cidata", "NOCLOUD_CONFIG_FILE=guest-config.json", "GUESTINFO_KEY=" + NoCloudSeed.GUESTINFO_KEY);
        assertThat(recipe.bootAgent()).anySatisfy(f -> assertThat(f.path()).isEqualTo("/etc/systemd/system/tilemark-guest.service"));
        assertThat(recipe.bootAgent()).allSatisfy(f -> assertThat(f.content()).isNotBlank());
        assertThat(recipe.kernelCommandLine()).contains("console=ttyS0", "root=LABEL=" + ImageRecipe.ROOT_LABEL);
        assertThat(ImageRecipe.ROOT_LABEL.length()).as("ext4 labels hold 16 bytes").isLessThanOrEqualTo(16);
    }
}
