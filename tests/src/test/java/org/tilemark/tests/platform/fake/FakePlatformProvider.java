package org.tilemark.tests.platform.fake;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.SectionChecks;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformProvider;
import org.tilemark.infra.platform.Platforms;

/**
 * A test-only platform that proves a provider is one package plus a service registration: it declares
 * its own section ({@code cluster.fake.workDir}, {@code cluster.fake.hosts}) and runs its VMs as the
 * local platform's guests, created through the public SPI like any other platform, under its own name.
 */
public final class FakePlatformProvider implements PlatformProvider<FakeSettings> {

    static final String NAME = "fake";

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
        return new FakePlatform(Platforms.create(underneath.cluster()));
    }
}
