package org.tilemark.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Keys older versions recorded in a results bundle's configuration snapshot, read as the keys that
 * replaced them, and keys they did not record yet, read as what those versions did, so those bundles
 * still load (and verify). A user's file gets no such help: a retired
 * key there is unknown, and the error names the key to use.
 */
final class RetiredKeys {

    private RetiredKeys() {
    }

    /** Rewrites {@code snapshot} in place. */
    static void upgrade(ObjectNode snapshot) {
        // workloads.mail.maxRecipients m drew 1..m recipients uniformly: the same draw as meanRecipients (1 + m) / 2.
        if (snapshot.path("workloads").path("mail") instanceof ObjectNode mail
                && mail.path("maxRecipients").isNumber() && !mail.has("meanRecipients")) {
            mail.put("meanRecipients", (1 + mail.remove("maxRecipients").asDouble()) / 2);
        }
        // Before workloads.mail.minScaledUsers a scaled tile's mail ran round(users x scale) users, at least 1.
        if (snapshot.path("workloads").path("mail") instanceof ObjectNode mail && !mail.has("minScaledUsers")) {
            mail.put("minScaledUsers", 1);
        }
    }
}
