package org.tilemark.tests.platform;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.fake.FakePlatform;

/**
 * The unit tests' in-memory fake platform (infra-ops' test jar, used by the infra operations' and the run path's
 * unit tests) passes the platform contract, so what those tests stand on behaves as a platform does. Its VMs run
 * nothing, so, as on vcsim, what needs a serving guest is not checked.
 */
class InMemoryFakePlatformContractTest extends PlatformContract {

    private final FakePlatform cluster = new FakePlatform(2, EnumSet.allOf(Capability.class));

    @Override
    protected Map<String, String> settings(Path workDir) {
        return Map.of("cluster.platform", "fake", "cluster.fake.workDir", workDir.toString()); // its name: "fake"
    }

    @Override
    protected Platform connect(BenchmarkSpec settings) {
        return cluster.anotherConnection();
    }

    @Override
    protected boolean guestsServe() {
        return false;
    }

    @Override
    protected void crash(Vm vm) {
        cluster.crash(vm.name(), "killed by the contract test");
    }
}
