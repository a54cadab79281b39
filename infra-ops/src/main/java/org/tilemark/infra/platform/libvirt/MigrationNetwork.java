package org.tilemark.infra.platform.libvirt;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.libvirt.TypedParameter;
import org.libvirt.TypedStringParameter;
import org.libvirt.TypedUlongParameter;

/**
 * Where and how fast a live migration's stream goes ({@code cluster.libvirt.migration}): the URI QEMU's
 * stream is sent to on the destination ({@code virDomainMigrateToURI3}'s {@code migrate_uri}), from a
 * template per destination host, and a bandwidth cap ({@code bandwidth}, MiB/s). Without either, libvirt
 * decides (the destination's {@code migration_host}, no cap).
 */
final class MigrationNetwork {

    /** {@code {host}}: the destination's name in the settings; {@code {address}}: the server part of its libvirt URI. */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z]+)}");
    private static final List<String> PLACEHOLDERS = List.of("host", "address");
    private static final String PARAM_URI = "migrate_uri";
    private static final String PARAM_BANDWIDTH = "bandwidth";

    private final LibvirtSettings.Migration settings;

    MigrationNetwork(LibvirtSettings.Migration settings) {
        this.settings = settings;
    }

    /** What is wrong with the section's values, if anything: an unknown placeholder, a template that is no URI, a negative cap. */
    static List<String> problems(LibvirtSettings.Migration migration) {
        List<String> problems = new ArrayList<>();
        Matcher placeholders = PLACEHOLDER.matcher(migration.uri());
        while (placeholders.find()) {
            if (!PLACEHOLDERS.contains(placeholders.group(1))) {
                problems.add("migration.uri: unknown placeholder {" + placeholders.group(1) + "} (known: {host}, {address})");
            }
        }
        if (!migration.uri().isBlank() && problems.isEmpty()) {
            try {
                URI uri = new URI(migration.uri().replace("{host}", "h").replace("{address}", "a"));
                if (uri.getScheme() == null) {
                    problems.add("migration.uri: expected a URI such as tcp://{address} or tcp://{host}-mig:49152, got '" + migration.uri() + "'");
                }
            } catch (URISyntaxException e) {
                problems.add("migration.uri: not a URI: '" + migration.uri() + "' (" + e.getReason() + ")");
            }
        }
        if (migration.bandwidthMiBps() < 0) {
            problems.add("migration.bandwidthMiBps: must be 0 (no cap) or more, got " + migration.bandwidthMiBps());
        }
        return problems;
    }

    /** The parameters a live migration to {@code destination} carries besides its own (none without settings). */
    List<TypedParameter> parameters(HostConnection destination) {
        List<TypedParameter> parameters = new ArrayList<>();
        uri(destination).ifPresent(uri -> parameters.add(new TypedStringParameter(PARAM_URI, uri)));
        if (settings.bandwidthMiBps() > 0) {
            parameters.add(new TypedUlongParameter(PARAM_BANDWIDTH, settings.bandwidthMiBps()));
        }
        return parameters;
    }

    Optional<String> uri(HostConnection destination) {
        if (settings.uri().isBlank()) {
            return Optional.empty();
        }
        String address = "";
        try {
            String host = new URI(destination.uri()).getHost();
            address = host == null ? "" : host;
        } catch (URISyntaxException e) {
            // validated when connecting: a URI libvirt accepted parses
        }
        return Optional.of(settings.uri().replace("{host}", destination.name()).replace("{address}", address));
    }
}
