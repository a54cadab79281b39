package org.tilemark.infra.platform;

import java.time.Duration;
import java.util.Map;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;

/**
 * A template to build if missing: the role's template, the identity of its contents, the
 * customization the build guest needs, and secrets handed to the build guest's environment only.
 */
public record TemplateRequest(RoleTemplate role, TemplateId id, Map<String, String> buildInfo,
                              Map<String, String> secretEnvironment, Duration timeout) {

    public TemplateRequest {
        buildInfo = Map.copyOf(buildInfo);
        secretEnvironment = Map.copyOf(secretEnvironment);
    }

    @Override
    public String toString() {
        return "TemplateRequest[" + id.cacheKey() + ", secrets=" + secretEnvironment.keySet() + "]";
    }
}
