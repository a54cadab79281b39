package org.tilemark.workloads.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FormEncodingTest {

    @Test
    void encodesAsUrlEncoderDoes() {
        for (String text : new String[] {"", "plain", "user 12&x", "pass=word", "1:2,10000:1", "a.b-c*d_e~f",
                "Zürich", "東京 tower", "emoji \uD83C\uDFAC!", "lone \uD800 surrogate", "100% + more/?#"}) {
            assertThat(encoded(text)).as(text).isEqualTo(URLEncoder.encode(text, StandardCharsets.UTF_8));
        }
    }

    @Test
    void encodesRandomTextAsUrlEncoderDoes() {
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < 2_000; n++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(12); i > 0; i--) {
                // mostly ASCII, some Latin-1, some of any plane (surrogates included, paired or not)
                int kind = random.nextInt(10);
                text.append((char) (kind < 7 ? random.nextInt(0x20, 0x7f) : kind < 9 ? random.nextInt(0x80, 0x100)
                        : random.nextInt(0x100, 0x10000)));
            }
            assertThat(encoded(text.toString())).as(text.toString()).isEqualTo(URLEncoder.encode(text.toString(), StandardCharsets.UTF_8));
        }
    }

    private static String encoded(String text) {
        StringBuilder out = new StringBuilder("x=");
        FormEncoding.append(out, text);
        return out.substring(2);
    }
}
