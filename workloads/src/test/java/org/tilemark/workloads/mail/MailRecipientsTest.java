package org.tilemark.workloads.mail;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The MMB profile's 4.7 recipients per message sent. */
class MailRecipientsTest {

    @Test
    void recipientCountsAverageTheConfiguredMean() {
        SplittableRandom random = new SplittableRandom(47);
        int draws = 200_000;
        long sum = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int i = 0; i < draws; i++) {
            int count = MailCycle.recipientCount(4.7, random);
            sum += count;
            min = Math.min(min, count);
            max = Math.max(max, count);
        }
        // 1 + floor(U x 8.4): 1..9, mean 4.714 (sd 2.4, so the sample mean is within 0.02).
        assertThat(sum / (double) draws).isBetween(4.69, 4.74);
        assertThat(min).isEqualTo(1);
        assertThat(max).isEqualTo(9);
        // A whole mean is exactly uniform 1..2m-1.
        assertThat(MailCycle.recipientCount(1, random)).isEqualTo(1);
    }
}
