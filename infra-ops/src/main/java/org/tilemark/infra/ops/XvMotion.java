package org.tilemark.infra.ops;

import java.util.List;
import java.util.Optional;
import org.tilemark.infra.platform.Platform;

/** Moves the next tile VM to the next host and the other datastore in one operation. */
public record XvMotion(Platform platform, VmPool.Cursor cursor, List<String> hosts) implements InfraOperation {

    public static final String NAME = InfraOperationType.XVMOTION.id();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<OperationRecord> runOnce(int block) {
        return Migrations.migrateNext(NAME, block, platform, cursor,
                from -> new org.tilemark.infra.platform.Placement(Migrations.nextHost(hosts, from.host()),
                        Migrations.otherDatastore(from.datastore())));
    }
}
