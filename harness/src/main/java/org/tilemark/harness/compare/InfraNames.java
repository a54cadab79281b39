package org.tilemark.harness.compare;

import java.util.Map;

/** Display names of infrastructure operation types as infra-ops.jsonl spells them. */
final class InfraNames {
    private static final Map<String, String> DISPLAY = Map.of("vmotion", "vMotion",
            "storage-vmotion", "Storage vMotion", "xvmotion", "XvMotion", "deploy", "Deploy");

    private InfraNames() {
    }

    static String display(String type) {
        return DISPLAY.getOrDefault(type, type);
    }
}
