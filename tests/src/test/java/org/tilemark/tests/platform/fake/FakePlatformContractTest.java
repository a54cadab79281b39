package org.tilemark.tests.platform.fake;

import java.nio.file.Path;
import java.util.Map;
import org.tilemark.infra.platform.Vm;
import org.tilemark.tests.platform.GuestProcesses;
import org.tilemark.tests.platform.PlatformContract;

/** The fake platform passes the platform contract. */
class FakePlatformContractTest extends PlatformContract {

    @Override
    protected Map<String, String> settings(Path workDir) {
        return Map.of("cluster.platform", FakePlatformProvider.NAME, "cluster.fake.workDir", workDir.toString());
    }

    @Override
    protected void crash(Vm vm) {
        GuestProcesses.kill(vm); // its VMs are local guests underneath
    }
}
