package org.tilemark.infra.platform.libvirt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.libvirt.Domain;

/**
 * Removing a run's leftovers on real libvirt: its {@code test:///default} driver (libvirt's own, in the libvirt
 * library), where a domain can be defined with Tilemark's tag and undefined behind the cleanup's back.
 */
class LeftoversTest {

    private HostConnection host;

    @BeforeEach
    void connect() throws Exception {
        assumeTrue(Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libvirt.so.0")), "libvirt is not installed");
        host = new HostConnection("host-1", "test:///default", null);
    }

    @AfterEach
    void close() throws Exception {
        if (host != null) {
            host.close();
        }
    }

    @Test
    void aDomainGoneBetweenFindingAndRemovingItIsRemovedAlready() throws Exception {
        TilemarkTag tag = new TilemarkTag("leftovers-test", 1, "standby", "tile1-standby");
        Domain defined = host.domainDefineXML("<domain type='test'><name>" + tag.domainName() + "</name>"
                + "<memory>1024</memory><os><type>hvm</type></os></domain>");
        defined.setMetadata(TilemarkTag.METADATA_ELEMENT, tag.metadataXml(), TilemarkTag.PREFIX, TilemarkTag.NAMESPACE, 0);
        List<String> told = new ArrayList<>();
        Map<String, Runnable> found = new Leftovers(List.of(host), told::add).find(tag.runId());
        assertThat(found).hasSize(1);

        // as libvirt removes the incoming side of a migration that failed, between the listing and the removal
        host.domainLookupByName(tag.domainName()).undefine();

        assertThatCode(() -> found.values().forEach(Runnable::run)).doesNotThrowAnyException();
        assertThat(told).containsExactly("tile1-standby");
        assertThat(new Leftovers(List.of(host), name -> { }).find(tag.runId())).isEmpty();
    }
}
