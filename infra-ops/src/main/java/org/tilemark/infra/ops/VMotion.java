package org.tilemark.infra.ops;

import java.util.List;
import java.util.Optional;
import org.tilemark.infra.platform.Platform;

/** Live-migrates the next tile VM to the next host; its disks stay where they are. */
public record VMotion(Platform platform, VmPool.Cursor cursor, List<String> hosts) implements InfraOperation {

    public static final String NAME = InfraOperationType.VMOTION.id();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<OperationRecord> runOnce(int block) {
        return Migrations.migrateNext(NAME, block, platform, cursor, from -> from.onHost(Migrations.nextHost(hosts, from.host())));
    }
}
