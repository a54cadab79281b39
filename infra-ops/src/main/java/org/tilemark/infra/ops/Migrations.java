package org.tilemark.infra.ops;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.tilemark.infra.platform.Migration;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Vm;

/** What vMotion, Storage vMotion and XvMotion share: claim a VM, work out its target, migrate, record. */
final class Migrations {

    static final String APP = "app";
    static final String MAINTENANCE = "maintenance";

    private Migrations() {
    }

    static Optional<OperationRecord> migrateNext(String operation, int block, Platform platform, VmPool.Cursor cursor,
                                                  java.util.function.UnaryOperator<Placement> target) {
        Optional<Vm> claimed = cursor.claim();
        if (claimed.isEmpty()) {
            return Optional.empty();
        }
        Vm vm = claimed.get();
        try {
            Instant start = Instant.now();
            Placement from = platform.placement(vm);
            Placement to = target.apply(from);
            try {
                Migration m = platform.migrate(vm, to);
                return Optional.of(new OperationRecord(operation, block, vm.name(), vm.role(), vm.tile(), from, to, start,
                        Instant.now(), m.bytesMoved(), Optional.of(m.moved()), m.stun(), m.downtime(), m.guestMemoryInUse(), Optional.empty()));
            } catch (PlatformException | RuntimeException e) {
                return Optional.of(new OperationRecord(operation, block, vm.name(), vm.role(), vm.tile(), from, to, start,
                        Instant.now(), 0, Optional.empty(), Optional.empty(), Optional.empty(), java.util.OptionalLong.empty(), Optional.of(oneLine(e))));
            }
        } finally {
            cursor.release(vm);
        }
    }

    /** The next host after {@code current} in inventory order. */
    static String nextHost(List<String> hosts, String current) {
        int at = hosts.indexOf(current);
        return hosts.get((at + 1) % hosts.size());
    }

    /** app ↔ maintenance. */
    static String otherDatastore(String current) {
        return MAINTENANCE.equals(current) ? APP : MAINTENANCE;
    }

    static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
