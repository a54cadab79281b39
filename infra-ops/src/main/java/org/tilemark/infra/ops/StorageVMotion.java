package org.tilemark.infra.ops;

import java.util.Optional;
import org.tilemark.infra.platform.Platform;

/** Moves the next tile VM's disks to the maintenance datastore while it runs, or back to app. */
public record StorageVMotion(Platform platform, VmPool.Cursor cursor) implements InfraOperation {

    public static final String NAME = InfraOperationType.STORAGE_VMOTION.id();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<OperationRecord> runOnce(int block) {
        return Migrations.migrateNext(NAME, block, platform, cursor,
                from -> from.onDatastore(Migrations.otherDatastore(from.datastore())));
    }
}
