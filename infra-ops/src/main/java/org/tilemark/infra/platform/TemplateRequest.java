package org.tilemark.infra.platform;

import java.time.Duration;
import java.util.Map;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;

/**
 * A template to build if missing: the role's template, the identity of its contents, the settings
 * the build guest needs, and the secrets it needs (delivered in its guest config only).
 */
public record TemplateRequest(RoleTemplate role, TemplateId id, Map<String, String> buildInfo,
                              Map<String, String> secrets, Duration timeout) {

    public TemplateRequest {
        buildInfo = Map.copyOf(buildInfo);
        secrets = Map.copyOf(secrets);
    }

    @Override
    public String toString() {
        return "TemplateRequest[" + id.cacheKey() + ", secrets=" + secrets.keySet() + "]";
    }
}
