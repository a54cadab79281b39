package org.tilemark.tests.platform;

import java.nio.file.Path;
import java.util.Map;
import org.tilemark.infra.platform.Vm;

/** The local platform passes the platform contract. */
class LocalPlatformContractTest extends PlatformContract {

    @Override
    protected Map<String, String> settings(Path workDir) {
        return Map.of("cluster.platform", "local",
                "cluster.local.workDir", workDir.toString(),
                "cluster.local.datastores.app", workDir.resolve("datastores/app").toString(),
                "cluster.local.datastores.maintenance", workDir.resolve("datastores/maintenance").toString(),
                "cluster.local.pinCpus", "false",
                // the standby's modelled 2 GB disk in half a second: the contract checks what a move does
                "cluster.local.storageMigrationMBps", "4096");
    }

    @Override
    protected void crash(Vm vm) {
        GuestProcesses.kill(vm);
    }
}
