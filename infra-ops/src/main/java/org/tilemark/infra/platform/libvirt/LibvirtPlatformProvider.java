package org.tilemark.infra.platform.libvirt;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.libvirt.LibvirtException;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.SectionChecks;
import org.tilemark.infra.platform.ImageImport;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformProvider;
import org.tilemark.infra.platform.PlatformSettingException;

/**
 * Provides the libvirt platform (KVM hosts, or any libvirt-managed hypervisor) and its section
 * {@code cluster.libvirt}: VMs cloned from the guest image, live and storage migration by libvirt.
 */
public final class LibvirtPlatformProvider implements PlatformProvider<LibvirtSettings> {

    static final String NAME = "libvirt";
    /** A libvirt URI's scheme: a driver, optionally with a transport ({@code qemu}, {@code qemu+ssh}, {@code qemu+tcp}). */
    private static final Pattern SCHEME = Pattern.compile("[a-z][a-z0-9]*(\\+[a-z0-9]+)?");

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Class<LibvirtSettings> sectionType() {
        return LibvirtSettings.class;
    }

    @Override
    public LibvirtSettings defaults() {
        return LibvirtSettings.defaults();
    }

    @Override
    public void validate(LibvirtSettings section, SectionChecks checks) {
        if (checks.usable("hosts")) {
            if (section.hosts().isEmpty()) {
                checks.error("hosts", "must name at least one host (name: libvirt URI, e.g. kvm-a: qemu+ssh://kvm-a/system)");
            }
            section.hosts().forEach((host, uri) -> uriProblem(uri).ifPresent(problem -> checks.error("hosts." + host, problem)));
        }
        checks.harnessDatastores("pools", section.pools().keySet());
        section.pools().forEach((datastore, pool) -> checks.notBlank("pools." + datastore, pool));
        if (section.bridge().isBlank()) {
            checks.notBlank("network", section.network());
        }
        checks.notBlank("baseImage.pool", section.baseImage().pool());
        checks.notBlank("baseImage.volume", section.baseImage().volume());
        if (checks.usable("domainType") && SettingValues.of(DomainType.class, section.domainType()).isEmpty()) {
            checks.error("domainType", "expected one of " + SettingValues.keys(DomainType.class) + ", got '" + section.domainType() + "'");
        }
        if (checks.usable("cloneMode") && SettingValues.of(CloneMode.class, section.cloneMode()).isEmpty()) {
            checks.error("cloneMode", "expected one of " + SettingValues.keys(CloneMode.class) + ", got '" + section.cloneMode() + "'");
        }
        for (String problem : MigrationNetwork.problems(section.migration())) {
            String key = problem.substring(0, problem.indexOf(':'));
            if (checks.usable(key)) {
                checks.error(key, problem.substring(key.length() + 2));
            }
        }
        if (checks.usable("hosts")) {
            section.hosts().forEach((host, uri) -> {
                if (HostUris.hasPassword(uri)) {
                    checks.error("hosts." + host, "must not carry a password; give it in credentials.passwordEnv or credentials.passwordFile");
                }
            });
        }
    }

    private static java.util.Optional<String> uriProblem(String uri) {
        try {
            URI parsed = new URI(uri.strip());
            if (parsed.getScheme() == null || !SCHEME.matcher(parsed.getScheme()).matches()) {
                return java.util.Optional.of("expected a libvirt URI such as qemu:///system or qemu+ssh://host/system, got '"
                        + HostUris.redacted(uri) + "'");
            }
            return java.util.Optional.empty();
        } catch (URISyntaxException e) {
            return java.util.Optional.of("not a URI: '" + HostUris.redacted(uri) + "' (" + e.getReason() + ")");
        }
    }

    /** The full key path of a key of this section, as errors name it. */
    static String key(String key) {
        return "cluster." + NAME + "." + key;
    }

    @Override
    public java.util.Optional<ImageImport> imageImport(LibvirtSettings section) {
        return java.util.Optional.of(new PoolImageImport(section));
    }

    @Override
    public Platform create(LibvirtSettings section, ClusterSpec cluster) throws PlatformException {
        return connect(section);
    }

    /** Connects to every host and checks what the settings name is there; on any miss nothing stays open or defined. */
    private static LibvirtPlatform connect(LibvirtSettings settings) throws PlatformException {
        Map<String, HostConnection> hosts = new LinkedHashMap<>();
        try {
            EventLoop.start();
            for (var host : settings.hosts().entrySet()) {
                try {
                    hosts.put(host.getKey(), new HostConnection(host.getKey(), host.getValue().strip(),
                            new Credentials(settings.credentials())));
                } catch (LibvirtException e) {
                    throw new PlatformSettingException("cluster." + NAME + ".hosts." + host.getKey()
                            + ": cannot connect to " + HostUris.redacted(host.getValue()) + " (" + ClusterCheck.message(e) + ")");
                }
            }
            ClusterCheck.check(settings, hosts.values());
            return new LibvirtPlatform(settings, hosts);
        } catch (PlatformException | RuntimeException e) {
            hosts.values().forEach(HostConnection::closeQuietly);
            throw e;
        } catch (LibvirtException e) {
            hosts.values().forEach(HostConnection::closeQuietly);
            throw new PlatformException("libvirt: " + ClusterCheck.message(e), e);
        }
    }
}
