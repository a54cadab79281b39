package org.tilemark.infra.platform.libvirt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.libvirt.LibvirtException;
import org.libvirt.StoragePool;
import org.libvirt.StorageVol;
import org.tilemark.infra.platform.ImageImport;
import org.tilemark.infra.platform.OvfPackage;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformSettingException;

/**
 * {@code tilemark image push} on libvirt: the OVA's disk uploaded through libvirt (a volume and a stream,
 * as {@code virsh vol-upload}) into the pool {@code cluster.libvirt.baseImage.pool} names — the pool every
 * host sees — then turned by the host's libvirt into the qcow2 base image {@code baseImage.volume}
 * ({@code virStorageVolCreateXMLFrom}: qemu-img convert on the host) and the upload deleted; the package's
 * descriptor (name, version, kernel, Java of the image) goes beside it as {@code <volume>.ovf}. A name
 * already taken is bad input; a failure leaves no volume behind.
 */
final class PoolImageImport implements ImageImport {

    static final String DESCRIPTOR_SUFFIX = ".ovf";
    private static final String UPLOAD_SUFFIX = ".upload.vmdk";

    private final LibvirtSettings settings;

    PoolImageImport(LibvirtSettings settings) {
        this.settings = settings;
    }

    @Override
    public String importImage(OvfPackage image, Consumer<String> progress) throws PlatformException {
        String poolName = settings.baseImage().pool();
        String volume = settings.baseImage().volume();
        Path disk = disk(image);
        var first = settings.hosts().entrySet().iterator().next();
        HostConnection host;
        try {
            host = new HostConnection(first.getKey(), first.getValue().strip(), new Credentials(settings.credentials()));
        } catch (LibvirtException e) {
            throw new PlatformSettingException(LibvirtPlatformProvider.key("hosts." + first.getKey()) + ": cannot connect to "
                    + HostUris.redacted(first.getValue()) + " (" + ClusterCheck.message(e) + ")");
        }
        List<StorageVol> made = new ArrayList<>();
        boolean done = false;
        try {
            StoragePool pool = pool(host, poolName);
            for (String taken : List.of(volume, volume + DESCRIPTOR_SUFFIX)) {
                if (List.of(pool.listVolumes()).contains(taken)) {
                    throw new PlatformSettingException(LibvirtPlatformProvider.key("baseImage.volume") + ": a volume '" + taken
                            + "' is already in pool '" + poolName + "' (delete it or name another)");
                }
            }
            progress.accept("uploading " + disk.getFileName() + " (" + Files.size(disk) / (1 << 20) + " MiB) into pool " + poolName
                    + " through host " + host.name());
            StorageVol upload = Volumes.createEmpty(pool, volume + UPLOAD_SUFFIX, "raw", Files.size(disk));
            made.add(upload);
            Volumes.upload(host, upload, disk);
            Volumes.refresh(pool); // libvirt now probes the uploaded file's format (VMDK)
            upload = pool.storageVolLookupByName(volume + UPLOAD_SUFFIX);
            progress.accept("converting it into the qcow2 volume " + volume + " (on host " + host.name() + ")");
            StorageVol base = Volumes.whenPoolIsFree(() -> pool.storageVolCreateXMLFrom("<volume><name>" + Xml.attribute(volume)
                    + "</name><capacity unit='bytes'>0</capacity><target><format type='qcow2'/></target></volume>",
                    pool.storageVolLookupByName(volume + UPLOAD_SUFFIX), 0));
            made.add(base);
            StorageVol descriptor = descriptor(host, pool, volume + DESCRIPTOR_SUFFIX, image.descriptor());
            made.add(descriptor);
            upload.delete(0);
            made.remove(upload);
            var info = base.getInfo();
            done = true;
            return "pushed the image into pool '" + poolName + "' as volume '" + volume + "' (qcow2, " + info.capacity / (1 << 20)
                    + " MiB virtual, " + info.allocation / (1 << 20) + " MiB allocated), its descriptor as '" + volume + DESCRIPTOR_SUFFIX
                    + "'; every host whose pool '" + poolName + "' is this storage sees it";
        } catch (LibvirtException | IOException e) {
            throw new PlatformException("image push into pool " + poolName + " on host " + host.name() + ": " + e.getMessage(), e);
        } finally {
            if (!done) { // nothing of a failed push stays
                made.forEach(Leftovers::deleteQuietly);
            }
            host.closeQuietly();
        }
    }

    private static Path disk(OvfPackage image) throws PlatformException {
        List<Map.Entry<String, Path>> disks = image.files().entrySet().stream().filter(file -> file.getKey().endsWith(".vmdk")).toList();
        if (disks.size() != 1) {
            throw new PlatformException("the OVA holds " + disks.size() + " VMDK disks (" + image.files().keySet() + "), expected one");
        }
        return disks.getFirst().getValue();
    }

    private static StoragePool pool(HostConnection host, String name) throws PlatformSettingException {
        try {
            StoragePool pool = host.storagePoolLookupByName(name);
            Volumes.refresh(pool);
            return pool;
        } catch (LibvirtException e) {
            throw new PlatformSettingException(LibvirtPlatformProvider.key("baseImage.pool") + ": no active storage pool '" + name
                    + "' on host " + host.name());
        }
    }

    private static StorageVol descriptor(HostConnection host, StoragePool pool, String name, String text)
            throws LibvirtException, IOException {
        Path file = Files.createTempFile("tilemark-ovf-", DESCRIPTOR_SUFFIX);
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
            StorageVol volume = Volumes.createEmpty(pool, name, "raw", Files.size(file));
            Volumes.upload(host, volume, file);
            return volume;
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
