package org.tilemark.infra.platform.libvirt;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.libvirt.Domain;
import org.libvirt.LibvirtException;
import org.libvirt.StorageVol;

/**
 * What runs left on every host, found from libvirt alone (a new connection after a killed harness
 * knows nothing else): domains by the Tilemark tag in their metadata, with their volumes, then volumes
 * named for a run whose domain is gone.
 */
final class Leftovers {

    private final Collection<HostConnection> hosts;
    /** Told which VM a removal concerns before its domain goes, so its stop is not taken for a crash. */
    private final Consumer<String> removing;

    Leftovers(Collection<HostConnection> hosts, Consumer<String> removing) {
        this.hosts = hosts;
        this.removing = removing;
    }

    /** Each leftover, described, with how to remove it. */
    Map<String, Runnable> find(String runId) throws LibvirtException {
        Map<String, Runnable> found = new LinkedHashMap<>();
        List<String> coveredPrefixes = new ArrayList<>();
        for (HostConnection host : hosts) {
            for (Domain domain : host.listAllDomains(0)) {
                Optional<TilemarkTag> tag = tag(domain);
                if (tag.isEmpty() || (runId != null && !tag.get().runId().equals(runId))) {
                    continue;
                }
                coveredPrefixes.add(tag.get().volumePrefix());
                found.put(tag.get().runId() + "/" + tag.get().vmName() + " (domain " + domain.getName() + " on " + host.name() + ")",
                        () -> remove(host, domain, tag.get()));
            }
        }
        Set<String> seenPaths = new HashSet<>();
        for (HostConnection host : hosts) {
            for (StorageVol volume : Volumes.named(host, TilemarkTag.runPrefix(runId))) {
                String path = volume.getPath();
                if (!seenPaths.add(path) || coveredPrefixes.stream().anyMatch(volume.getName()::startsWith)) {
                    continue;
                }
                found.put("volume " + path + " (on " + host.name() + ")", () -> deleteQuietly(volume));
            }
        }
        return found;
    }

    private void remove(HostConnection host, Domain domain, TilemarkTag tag) {
        removing.accept(tag.vmName());
        try {
            destroyAndUndefine(domain);
            for (StorageVol volume : Volumes.named(host, tag.volumePrefix())) {
                volume.delete(0);
            }
        } catch (LibvirtException e) {
            throw new IllegalStateException("removing " + tag.domainName() + " on " + host.name() + ": " + ClusterCheck.message(e), e);
        }
    }

    /**
     * A domain listed a moment ago may be gone by now: the incoming side of a migration that failed is removed by
     * libvirt itself. Gone is what removing it was for, so only its volumes are left to delete.
     */
    private static void destroyAndUndefine(Domain domain) throws LibvirtException {
        try {
            if (domain.isActive() == 1) {
                domain.destroy();
            }
            domain.undefine();
        } catch (LibvirtException e) {
            if (e.getError() == null || e.getError().getCode() != org.libvirt.Error.ErrorNumber.VIR_ERR_NO_DOMAIN) {
                throw e;
            }
        }
    }

    private static Optional<TilemarkTag> tag(Domain domain) {
        try {
            return TilemarkTag.parse(domain.getMetadata(TilemarkTag.METADATA_ELEMENT, TilemarkTag.NAMESPACE, 0));
        } catch (LibvirtException e) {
            return Optional.empty(); // not Tilemark's: no metadata in its namespace
        }
    }

    static void deleteQuietly(StorageVol volume) {
        try {
            volume.delete(0);
        } catch (LibvirtException e) {
            // already gone
        }
    }
}
