package org.tilemark.tests.platform.fake;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.SectionChecks;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformProvider;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.fake.FakePlatform;

/**
 * A test-only platform that proves a provider is one package plus a service registration: it declares
 * its own section ({@code cluster.fake.workDir}, {@code cluster.fake.hosts}) and is the one in-memory
 * {@link FakePlatform} (infra-ops' test jar) under its own name, every capability claimed, its powered-on VMs
 * serving as local guests ({@link LocalGuests}, made through the local platform's public SPI). Connections with
 * the same work directory share one cluster in this JVM, as connections to one vCenter do.
 */
public final class FakePlatformProvider implements PlatformProvider<FakeSettings> {

    static final String NAME = "fake";

    private static final Map<Path, FakePlatform> CLUSTERS = new HashMap<>();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Class<FakeSettings> sectionType() {
        return FakeSettings.class;
    }

    @Override
    public FakeSettings defaults() {
        return new FakeSettings(Path.of(".tilemark", NAME), 2);
    }

    @Override
    public void validate(FakeSettings section, SectionChecks checks) {
        checks.atLeast("hosts", section.hosts(), 1);
    }

    @Override
    public Platform create(FakeSettings section, ClusterSpec cluster) throws PlatformException {
        Path work = section.workDir().toAbsolutePath().normalize();
        Map<String, String> local = Map.of("cluster.platform", "local",
                "cluster.bindAddress", cluster.bindAddress(),
                "cluster.local.hosts", Integer.toString(section.hosts()),
                "cluster.local.workDir", work.toString(),
                "cluster.local.datastores.app", work.resolve("datastores/app").toString(),
                "cluster.local.datastores.maintenance", work.resolve("datastores/maintenance").toString(),
                "cluster.local.pinCpus", "false",
                "cluster.local.storageMigrationMBps", "4096");
        BenchmarkSpec underneath;
        try {
            underneath = ConfigLoader.load(Optional.empty(), local);
        } catch (ConfigException e) {
            throw new PlatformException("fake platform: its local platform underneath refused " + e.getMessage(), e);
        }
        LocalGuests guests = new LocalGuests(Platforms.create(underneath.cluster()));
        synchronized (CLUSTERS) {
            FakePlatform shared = CLUSTERS.get(work);
            if (shared == null) {
                shared = new FakePlatform(section.hosts(), EnumSet.allOf(Capability.class), guests);
                CLUSTERS.put(work, shared);
                return shared;
            }
            return shared.anotherConnection(guests);
        }
    }
}
