package org.tilemark.workloads.mail;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/** What a mail user can do, named as {@link MailSpec#ACTIONS} and the results name them. */
enum MailAction {
    LOGON, SEND, READ, MOVE, DELETE, SEARCH, BROWSE;

    /** The name in {@code actionMix} and in the recorded operations. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static MailAction named(String label) {
        return Arrays.stream(values()).filter(a -> a.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown mail action '" + label + "' (known: "
                        + MailSpec.ACTIONS + ")"));
    }

    /** {@code actionMix} keyed by action, in the enum's order. */
    static Map<MailAction, Double> mix(Map<String, Double> weights) {
        Map<MailAction, Double> mix = new EnumMap<>(MailAction.class);
        weights.forEach((label, weight) -> mix.put(named(label), weight));
        return mix;
    }
}
