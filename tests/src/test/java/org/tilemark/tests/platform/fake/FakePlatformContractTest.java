package org.tilemark.tests.platform.fake;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.fake.FakePlatform;
import org.tilemark.tests.platform.GuestProcesses;
import org.tilemark.tests.platform.PlatformContract;

/**
 * The one fake platform ({@link FakePlatform}, infra-ops' test jar) passes the platform contract both ways it is
 * used: as the registered {@code fake} provider, its VMs serving as local guests, and bare, as the unit tests of
 * the infra operations and the run path use it, its VMs serving nothing (as on vcsim).
 */
class FakePlatformContractTest {

    private static Map<String, String> fake(Path workDir) {
        return Map.of("cluster.platform", FakePlatformProvider.NAME, "cluster.fake.workDir", workDir.toString());
    }

    /** Through its provider, found by name as the harness finds it; its guests are local guests underneath. */
    @Nested
    class Serving extends PlatformContract {

        @Override
        protected Map<String, String> settings(Path workDir) {
            return fake(workDir);
        }

        @Override
        protected void crash(Vm vm) {
            GuestProcesses.kill(vm);
        }
    }

    /** Bare, as the unit tests build it: VMs in maps, each connection a new one to the same cluster. */
    @Nested
    class InMemory extends PlatformContract {

        private final FakePlatform cluster = new FakePlatform(2, EnumSet.allOf(Capability.class));

        @Override
        protected Map<String, String> settings(Path workDir) {
            return fake(workDir);
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
}
