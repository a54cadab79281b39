package org.tilemark.infra.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

import org.tilemark.infra.platform.Capability;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.fake.FakePlatform;

/** The loops over the in-memory fake platform (the platform itself is tested with the local one). */
class InfraSchedulerTest {

    @Test
    void loopsRunUntilStoppedAndAnOperationInFlightFinishes() throws Exception {
        FakePlatform platform = new FakePlatform(2, EnumSet.allOf(Capability.class)).migratingIn(Duration.ofMillis(300));
        Vm web = platform.running("tile1-web", "web", 1, "host-0");
        VmPool pool = new VmPool(List.of(web));
        List<OperationRecord> records = new CopyOnWriteArrayList<>();
        CountDownLatch twoDone = new CountDownLatch(2);
        InfraScheduler scheduler = new InfraScheduler(
                List.of(new InfraScheduler.Loop(1, new VMotion(platform, pool.cursor(List.of("web")), List.of("host-0", "host-1")))),
                Duration.ZERO, r -> {
                    records.add(r);
                    twoDone.countDown();
                });
        scheduler.start();
        assertThat(twoDone.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(scheduler.stop(Duration.ofSeconds(30))).isTrue();
        int afterStop = records.size();
        Thread.sleep(500);

        assertThat(records).hasSize(afterStop);
        assertThat(records).allSatisfy(r -> {
            assertThat(r.succeeded()).isTrue();
            assertThat(r.operation()).isEqualTo("vmotion");
            assertThat(r.to().host()).isNotEqualTo(r.from().host());
        });
        // Back and forth between the two hosts.
        assertThat(records.get(0).to().host()).isEqualTo("host-1");
        assertThat(records.get(1).to().host()).isEqualTo("host-0");
        assertThat(platform.concurrentMigrationsMax()).isEqualTo(1);
    }

    @Test
    void aFailedMigrationIsRecordedWithItsCause() throws Exception {
        FakePlatform platform = new FakePlatform(2, EnumSet.allOf(Capability.class));
        Vm db = platform.running("tile1-db", "db", 1, "host-0");
        platform.refuseMigrationsOf(db.name(), "maintenance datastore is read-only");
        Optional<OperationRecord> record = new StorageVMotion(platform, new VmPool(List.of(db)).cursor(List.of("db"))).runOnce(1);

        assertThat(record).hasValueSatisfying(r -> {
            assertThat(r.succeeded()).isFalse();
            assertThat(r.error()).hasValue("maintenance datastore is read-only");
            assertThat(r.to()).isEqualTo(new Placement("host-0", "maintenance"));
            assertThat(r.start()).isBeforeOrEqualTo(Instant.now());
        });
    }

}
