package org.tilemark.infra.platform.libvirt;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.libvirt.Connect;
import org.libvirt.LibvirtException;
import org.libvirt.Stream;
import org.libvirt.StoragePool;
import org.libvirt.StorageVol;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.image.NoCloudSeed;

/**
 * A VM's volumes, all made through libvirt's storage API so they work on a remote host: the disk
 * (a qcow2 overlay on the base image, or a full copy), the NoCloud seed (written here, uploaded), and
 * the file its serial console goes to (downloaded to read the readiness report).
 */
final class Volumes {

    static final String DISK = "disk.qcow2";
    static final String SEED = "seed.iso";
    static final String CONSOLE = "console.log";
    private static final long GIB = 1L << 30;
    private static final int CHUNK = 1 << 16;
    private static final java.time.Duration POOL_BUSY_WAIT = java.time.Duration.ofMinutes(2);

    private Volumes() {
    }

    static StorageVol createDisk(StoragePool pool, String name, StorageVol base, CloneMode mode, long minimumBytes) throws LibvirtException {
        long capacity = Math.max(base.getInfo().capacity, minimumBytes);
        String backing = mode == CloneMode.LINKED
                ? "<backingStore><path>" + Xml.attribute(base.getPath()) + "</path><format type='qcow2'/></backingStore>" : "";
        String xml = "<volume><name>" + Xml.attribute(name) + "</name><capacity unit='bytes'>" + capacity
                + "</capacity><target><format type='qcow2'/></target>" + backing + "</volume>";
        return whenPoolIsFree(() -> mode == CloneMode.LINKED ? pool.storageVolCreateXML(xml, 0) : pool.storageVolCreateXMLFrom(xml, base, 0));
    }

    /** An empty qcow2 volume of {@code capacity} bytes, e.g. the target of a block copy. */
    static StorageVol createEmpty(StoragePool pool, String name, String format, long capacity) throws LibvirtException {
        // Another host may have deleted a volume of this name in the shared pool: this host's libvirt knows once it refreshes.
        refresh(pool);
        return whenPoolIsFree(() -> pool.storageVolCreateXML("<volume><name>" + Xml.attribute(name) + "</name><capacity unit='bytes'>"
                + capacity + "</capacity><allocation unit='bytes'>0</allocation><target><format type='" + format + "'/></target></volume>", 0));
    }

    /** Rereads the pool's directory (what other hosts changed in a shared pool), waiting while the pool is busy. */
    static void refresh(StoragePool pool) throws LibvirtException {
        whenPoolIsFree(() -> {
            pool.refresh(0);
            return pool;
        });
    }

    /** A call on a storage pool. */
    @FunctionalInterface
    interface PoolCall<T> {
        T call() throws LibvirtException;
    }

    /**
     * Runs {@code call}, again while libvirt refuses it because the pool "has asynchronous jobs running":
     * while one volume of a pool is being created, copied or uploaded, libvirt refuses to refresh the
     * pool or start another (seen here: a migration's target volume while a Deploy filled the same pool).
     * Such a job takes seconds; after {@link #POOL_BUSY_WAIT} the refusal is the answer.
     */
    static <T> T whenPoolIsFree(PoolCall<T> call) throws LibvirtException {
        long deadline = System.nanoTime() + POOL_BUSY_WAIT.toNanos();
        while (true) {
            try {
                return call.call();
            } catch (LibvirtException e) {
                if (!poolBusy(e) || System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(250);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    static boolean poolBusy(LibvirtException e) {
        return e.getMessage() != null && e.getMessage().contains("has asynchronous jobs running");
    }

    /** Creates a fully allocated (thick) raw volume and deletes it; returns how long the pair took. */
    static java.time.Duration createAndDeleteThick(StoragePool pool, String name, long bytes) throws LibvirtException {
        long started = System.nanoTime();
        whenPoolIsFree(() -> pool.storageVolCreateXML("<volume><name>" + Xml.attribute(name) + "</name><capacity unit='bytes'>" + bytes
                + "</capacity><allocation unit='bytes'>" + bytes + "</allocation><target><format type='raw'/></target></volume>", 0))
                .delete(0);
        return java.time.Duration.ofNanos(System.nanoTime() - started);
    }

    static long gib(int gigabytes) {
        return gigabytes * GIB;
    }

    /** Writes the guest config's NoCloud volume locally (it holds secrets: owner-only, deleted at once) and uploads it. */
    static StorageVol uploadSeed(Connect connect, StoragePool pool, String name, GuestConfig config) throws LibvirtException, IOException {
        Path dir = Files.createTempDirectory("tilemark-seed-");
        Path iso = dir.resolve(SEED);
        try {
            NoCloudSeed.write(iso, config);
            StorageVol volume = createEmpty(pool, name, "raw", Files.size(iso));
            upload(connect, volume, iso);
            return volume;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("writing the NoCloud seed was interrupted", e);
        } finally {
            Files.deleteIfExists(iso);
            Files.deleteIfExists(dir);
        }
    }

    /** Sends {@code file}'s bytes into {@code volume} (as {@code virsh vol-upload}), which must be at least that large. */
    static void upload(Connect connect, StorageVol volume, Path file) throws LibvirtException, IOException {
        long size = Files.size(file);
        Stream stream = connect.streamNew(0);
        volume.upload(stream, 0, size, 0);
        try (var in = Files.newInputStream(file)) {
            byte[] buffer = new byte[CHUNK];
            long offset = 0;
            for (int read = in.read(buffer); read > 0; read = in.read(buffer)) {
                for (int at = 0; at < read; ) {
                    int sent = stream.send(at == 0 && read == CHUNK ? buffer : Arrays.copyOfRange(buffer, at, read));
                    if (sent <= 0) {
                        stream.abort();
                        throw new IOException("uploading " + file.getFileName() + " into " + volume.getName() + " stopped at byte " + offset);
                    }
                    at += sent;
                    offset += sent;
                }
            }
        }
        stream.finish();
    }

    /** The whole content of a volume, e.g. the console file. */
    static byte[] download(Connect connect, StorageVol volume) throws LibvirtException {
        Stream stream = connect.streamNew(0);
        volume.download(stream, 0, 0, 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[CHUNK];
        int read;
        while ((read = stream.receive(buffer)) > 0) {
            out.write(buffer, 0, read);
        }
        stream.finish();
        return out.toByteArray();
    }

    /**
     * The volume at {@code path}, after refreshing the host's pools: a volume another host created in a
     * shared pool is unknown to this host's libvirt until its pool is refreshed.
     */
    static StorageVol atPath(Connect connect, String path) throws LibvirtException {
        for (String poolName : connect.listStoragePools()) {
            refresh(connect.storagePoolLookupByName(poolName));
        }
        return connect.storageVolLookupByPath(path);
    }

    /** Volumes whose names start with {@code prefix} in every active pool of the host, as pool/volume. */
    static List<StorageVol> named(Connect connect, String prefix) throws LibvirtException {
        List<StorageVol> found = new ArrayList<>();
        for (String poolName : connect.listStoragePools()) {
            StoragePool pool = connect.storagePoolLookupByName(poolName);
            refresh(pool);
            for (String volume : pool.listVolumes()) {
                if (volume.startsWith(prefix)) {
                    found.add(pool.storageVolLookupByName(volume));
                }
            }
        }
        return found;
    }
}
