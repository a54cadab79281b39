package org.tilemark.workloads.guest.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tilemark.templates.VmSize;

class PostgresSizingTest {

    @Test
    void aFourGigabyteDatabaseVmGetsAQuarterAsSharedBuffersAndHalfAsCache() {
        Map<String, String> config = new PostgresSizing(new VmSize(4, 4096, 20)).serverConfig();

        assertThat(config).containsEntry("shared_buffers", "1024MB").containsEntry("effective_cache_size", "2048MB")
                .containsEntry("maintenance_work_mem", "204MB").containsEntry("max_wal_size", "2048MB")
                .containsEntry("checkpoint_timeout", "5min").containsEntry("checkpoint_completion_target", "0.9");
    }

    @Test
    void commitsAreDurableWhateverTheSize() {
        for (VmSize size : new VmSize[] {new VmSize(1, 64, 1), new VmSize(2, 2048, 10), new VmSize(16, 65536, 200)}) {
            assertThat(new PostgresSizing(size).serverConfig()).as(size.toString())
                    .containsEntry("fsync", "on").containsEntry("synchronous_commit", "on").containsEntry("full_page_writes", "on");
        }
    }

    @Test
    void smallVmsKeepPostgresMinimumsAndSmallDisksItsDefaultWal() {
        Map<String, String> config = new PostgresSizing(new VmSize(1, 96, 2)).serverConfig();

        assertThat(config).containsEntry("shared_buffers", "32MB").containsEntry("effective_cache_size", "48MB")
                .containsEntry("maintenance_work_mem", "64MB").containsEntry("max_wal_size", "1024MB");
    }
}
