package org.tilemark.infra.platform.libvirt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.libvirt.Domain;
import org.libvirt.DomainBlockJobInfo;
import org.libvirt.LibvirtException;
import org.libvirt.StoragePool;
import org.libvirt.StorageVol;
import org.libvirt.TypedParameter;
import org.libvirt.TypedStringParameter;
import org.libvirt.TypedUlongParameter;
import org.tilemark.infra.platform.Migration;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.PlatformException;

/**
 * The three moves, each done by libvirt: live migration peer to peer on shared storage (vMotion), a
 * block copy to the other pool and a pivot (Storage vMotion), and live migration copying the disk into
 * the other pool on the other host (XvMotion). Each returns the hypervisor's figures.
 */
final class LibvirtMigrations {

    private static final String DISK = "vda";
    private static final int XML_INACTIVE = 2;
    private static final int XML_MIGRATABLE = 8;
    private static final String PARAM_DEST_XML = "destination_xml";
    /** The destination's persistent definition; without it the source's is kept, naming the disk the move deleted. */
    private static final String PARAM_PERSIST_XML = "persistent_xml";
    /** Bandwidth 0: as fast as it goes. (libvirt-java 0.5.4 cannot pass an empty parameter list.) */
    private static final TypedParameter[] UNLIMITED = {new TypedUlongParameter(Domain.BlockCopyParameters.BANDWIDTH, 0)};
    private static final String PARAM_MIGRATE_DISKS = "migrate_disks";
    private static final long LIVE_FLAGS = Domain.MigrateFlags.LIVE | Domain.MigrateFlags.PEER2PEER
            | Domain.MigrateFlags.PERSIST_DEST | Domain.MigrateFlags.UNDEFINE_SOURCE | Domain.MigrateFlags.ABORT_ON_ERROR;

    private final Map<String, HostConnection> hosts;
    private final Map<String, String> pools;
    private final long liveFlags;
    private final MigrationNetwork network;

    LibvirtMigrations(Map<String, HostConnection> hosts, Map<String, String> pools, boolean unsafe, MigrationNetwork network) {
        this.hosts = hosts;
        this.pools = pools;
        this.network = network;
        this.liveFlags = LIVE_FLAGS | (unsafe ? Domain.MigrateFlags.UNSAFE : 0);
    }

    Migration migrate(LibvirtVm vm, Placement target) throws PlatformException {
        Placement from = vm.placement();
        HostConnection source = hosts.get(from.host());
        HostConnection destination = hosts.get(target.host());
        if (destination == null) {
            throw new PlatformException("VM " + vm.vm().name() + ": unknown host '" + target.host() + "'");
        }
        if (!pools.containsKey(target.datastore())) {
            throw new PlatformException("VM " + vm.vm().name() + ": unknown datastore '" + target.datastore() + "'");
        }
        if (from.equals(target)) {
            throw new PlatformException("VM " + vm.vm().name() + " is already on " + target);
        }
        try {
            Domain domain = source.domainLookupByName(vm.tag().domainName());
            OptionalLong inUse = GuestMemory.inUseBytes(domain);
            JobFigures figures;
            String moved;
            if (from.datastore().equals(target.datastore())) {
                List<TypedParameter> parameters = network.parameters(destination);
                if (parameters.isEmpty()) {
                    domain.migrateToURI(destination.uri(), liveFlags, null, 0);
                } else {
                    domain.migrateToURI(destination.uri(), parameters.toArray(TypedParameter[]::new), (int) liveFlags);
                }
                figures = JobFigures.completed(destination.domainLookupByName(vm.tag().domainName()));
                moved = Migration.MEMORY;
            } else if (from.host().equals(target.host())) {
                figures = blockCopy(source, domain, vm, target.datastore());
                moved = Migration.DISK_COPY;
            } else {
                figures = migrateWithDisk(source, destination, domain, vm, target.datastore());
                moved = Migration.MEMORY_AND_DISK;
            }
            vm.moved(target);
            // A block copy moves no memory: the guest's memory in use says nothing of it.
            return new Migration(from, target, figures.bytes(), figures.downtime(), Optional.empty(), moved,
                    moved.equals(Migration.DISK_COPY) ? OptionalLong.empty() : inUse);
        } catch (LibvirtException e) {
            throw new PlatformException("moving VM " + vm.vm().name() + " from " + from + " to " + target + ": "
                    + ClusterCheck.message(e), e);
        }
    }

    /** Copies the disk into the other pool while the guest runs, pivots to the copy, and deletes the original. */
    private JobFigures blockCopy(HostConnection host, Domain domain, LibvirtVm vm, String datastore) throws LibvirtException, PlatformException {
        StorageVol old = Volumes.atPath(host, diskPath(domain));
        StorageVol copy = Volumes.createEmpty(host.storagePoolLookupByName(pools.get(datastore)),
                vm.tag().volumePrefix() + Volumes.DISK, "qcow2", old.getInfo().capacity);
        try {
            // TRANSIENT_JOB: a persistent domain may only copy as a job that does not survive a restart.
            domain.blockCopy(DISK, "<disk type='file'><source file='" + Xml.attribute(copy.getPath())
                    + "'/><driver type='qcow2'/></disk>", UNLIMITED,
                    Domain.BlockCopyFlags.REUSE_EXT | Domain.BlockCopyFlags.TRANSIENT_JOB);
            awaitMirrorReady(domain, vm);
            domain.blockJobAbort(DISK, Domain.BlockJobAbortFlags.PIVOT);
            // The persistent definition still names the old disk: point it at the copy.
            host.domainDefineXML(withDisk(domain.getXMLDesc(XML_INACTIVE), old, copy));
            old.delete(0);
            // The job's length is the whole virtual disk; what QEMU wrote into the copy is the copy's allocation.
            return new JobFigures(0, copy.getInfo().allocation, Optional.empty());
        } catch (LibvirtException | PlatformException e) {
            abortQuietly(domain);
            copy.delete(0);
            throw e;
        }
    }

    private static DomainBlockJobInfo awaitMirrorReady(Domain domain, LibvirtVm vm) throws LibvirtException, PlatformException {
        while (true) {
            DomainBlockJobInfo job = domain.getBlockJobInfo(DISK, 0);
            if (job == null) {
                throw new PlatformException("VM " + vm.vm().name() + ": the block copy job ended before it was ready");
            }
            if (job.end > 0 && job.cur == job.end) {
                return job;
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new PlatformException("VM " + vm.vm().name() + ": block copy interrupted", e);
            }
        }
    }

    /** Live migration that copies the disk (not the shared NoCloud seed) into the other pool on the other host. */
    private JobFigures migrateWithDisk(HostConnection source, HostConnection destination, Domain domain, LibvirtVm vm,
                                       String datastore) throws LibvirtException {
        StorageVol old = Volumes.atPath(source, diskPath(domain));
        StoragePool targetPool = destination.storagePoolLookupByName(pools.get(datastore));
        StorageVol copy = Volumes.createEmpty(targetPool, vm.tag().volumePrefix() + Volumes.DISK, "qcow2", old.getInfo().capacity);
        try {
            List<TypedParameter> parameters = new ArrayList<>(List.of(
                new TypedStringParameter(PARAM_DEST_XML, withDisk(domain.getXMLDesc(XML_MIGRATABLE), old, copy)),
                new TypedStringParameter(PARAM_PERSIST_XML, withDisk(domain.getXMLDesc(XML_INACTIVE | XML_MIGRATABLE), old, copy)),
                new TypedStringParameter(PARAM_MIGRATE_DISKS, DISK)));
            parameters.addAll(network.parameters(destination));
            // Peer to peer with parameters is virDomainMigrateToURI3 (virDomainMigrate3 refuses P2P).
            domain.migrateToURI(destination.uri(), parameters.toArray(TypedParameter[]::new),
                    (int) (liveFlags | Domain.MigrateFlags.NON_SHARED_DISK));
            JobFigures figures = JobFigures.completed(destination.domainLookupByName(vm.tag().domainName()));
            old.delete(0);
            return figures;
        } catch (LibvirtException e) {
            copy.delete(0);
            throw e;
        }
    }

    /** A domain definition with its disk at {@code copy} instead of {@code old}. */
    private static String withDisk(String domainXml, StorageVol old, StorageVol copy) throws LibvirtException {
        return domainXml.replace("'" + old.getPath() + "'", "'" + copy.getPath() + "'")
                .replace("\"" + old.getPath() + "\"", "\"" + copy.getPath() + "\"");
    }

    static String diskPath(Domain domain) throws LibvirtException {
        var document = Xml.parse(domain.getXMLDesc(0));
        for (var disk : Xml.elements(document, "disk")) {
            var target = disk.getElementsByTagName("target");
            if (target.getLength() > 0 && DISK.equals(((org.w3c.dom.Element) target.item(0)).getAttribute("dev"))) {
                return ((org.w3c.dom.Element) disk.getElementsByTagName("source").item(0)).getAttribute("file");
            }
        }
        throw new IllegalStateException("domain has no disk " + DISK);
    }

    private static void abortQuietly(Domain domain) {
        try {
            domain.blockJobAbort(DISK, 0);
        } catch (LibvirtException e) {
            // no job left to abort
        }
    }
}
