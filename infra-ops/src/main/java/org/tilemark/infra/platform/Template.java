package org.tilemark.infra.platform;

/**
 * A built template: what the platform knows it by ({@code cacheKey}; where its disks live is the
 * platform's own business) and whether this call built it.
 */
public record Template(String cacheKey, String role, boolean builtNow) {
}
