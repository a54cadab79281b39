package org.tilemark.infra.platform;

/** A built template: its id and where its disk lives on the platform. */
public record Template(String cacheKey, String role, String location, boolean builtNow) {
}
