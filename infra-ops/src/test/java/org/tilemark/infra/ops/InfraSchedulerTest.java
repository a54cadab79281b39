package org.tilemark.infra.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Vm;

/** The loops over a recording fake platform (the platform itself is tested with the local one). */
class InfraSchedulerTest {

    @Test
    void loopsRunUntilStoppedAndAnOperationInFlightFinishes() throws Exception {
        FakePlatform platform = new FakePlatform(Duration.ofMillis(300));
        Vm web = new Vm("tile1-web", "run", 1, "web", "host-0", "app");
        platform.place(web, new Placement("host-0", "app"));
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
        assertThat(platform.concurrentMax()).isEqualTo(1);
    }

    @Test
    void aFailedMigrationIsRecordedWithItsCause() throws Exception {
        FakePlatform platform = new FakePlatform(Duration.ZERO);
        platform.failWith("maintenance datastore is read-only");
        Vm db = new Vm("tile1-db", "run", 1, "db", "host-0", "app");
        platform.place(db, new Placement("host-0", "app"));
        Optional<OperationRecord> record = new StorageVMotion(platform, new VmPool(List.of(db)).cursor(List.of("db"))).runOnce(1);

        assertThat(record).hasValueSatisfying(r -> {
            assertThat(r.succeeded()).isFalse();
            assertThat(r.error()).hasValue("maintenance datastore is read-only");
            assertThat(r.to()).isEqualTo(new Placement("host-0", "maintenance"));
            assertThat(r.start()).isBeforeOrEqualTo(Instant.now());
        });
    }

}
