package org.tilemark.infra.platform;

/** A deployed VM as the platform placed it. */
public record Vm(String name, String runId, int tile, String role, String host, String datastore) {
}
