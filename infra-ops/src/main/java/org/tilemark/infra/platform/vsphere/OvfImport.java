package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.tilemark.infra.platform.ImageImport;
import org.tilemark.infra.platform.OvfPackage;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformSettingException;

/**
 * {@code tilemark image push} on vSphere: the OVF package imported as vCenter imports one
 * ({@code OvfManager.CreateImportSpec}, {@code ResourcePool.ImportVApp}, each file sent to the
 * {@code HttpNfcLease}'s device URL while the lease is told the progress), then a base snapshot and
 * {@code MarkAsTemplate}, under the name {@code cluster.vsphere.template} gives. A failure aborts the
 * lease and destroys the half-imported VM.
 */
final class OvfImport implements ImageImport {

    /** The snapshot a linked clone is made from. */
    static final String BASE_SNAPSHOT = "tilemark-base";
    private static final Duration LEASE_READY = Duration.ofMinutes(5);
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

    private final VsphereSettings settings;

    OvfImport(VsphereSettings settings) {
        this.settings = settings;
    }

    /** OvfCreateImportSpecParams in the schema's order: the network mappings between the entity name and the disks' provisioning. */
    private static List<Element> importParams(String name, List<Element> networkMappings) {
        List<Element> params = new java.util.ArrayList<>(List.of(Element.text("locale", ""), Element.text("deploymentOption", ""),
                Element.text("entityName", name)));
        params.addAll(networkMappings);
        params.add(Element.text("diskProvisioning", "thin"));
        return params;
    }

    @Override
    public String importImage(OvfPackage image, Consumer<String> progress) throws PlatformException {
        String name = settings.template();
        try (Vim vim = Connection.open(settings)) {
            Site site = Site.withoutTemplate(vim, settings);
            if (vim.all(site.datacenter(), "VirtualMachine", List.of("name")).stream().anyMatch(vm -> vm.text("name").orElse("").equals(name))) {
                throw new PlatformSettingException(VspherePlatformProvider.key("template") + ": a VM or template '" + name
                        + "' is already in datacenter '" + settings.datacenter() + "' (remove it or name another)");
            }
            var host = site.hosts().entrySet().iterator().next();
            Site.DatastoreRef datastore = site.datastores().get(org.tilemark.config.ClusterSpec.APP_DATASTORE);
            progress.accept("importing '" + name + "' onto " + host.getKey() + ", datastore " + datastore.name());
            Node made = vim.call("CreateImportSpec", vim.ovfManager(), Element.text("ovfDescriptor", image.descriptor()),
                    Element.ref("resourcePool", host.getValue().pool()), Element.ref("datastore", datastore.mor()),
                    Element.of("cisp", importParams(name, Networks.ovfMappings(vim, site.datacenter(), image.descriptor(),
                            settings.networks())))).child("returnval")
                    .orElseThrow(() -> new IOException("CreateImportSpec: no answer"));
            List<String> refused = made.all("error").stream().map(e -> e.text("localizedMessage").orElse(String.valueOf(e.xsiType()))).toList();
            if (!refused.isEmpty()) {
                throw new PlatformException("importing '" + name + "': vCenter refuses the OVF descriptor: " + String.join("; ", refused));
            }
            List<Upload> uploads = uploads(made.all("fileItem"), image);
            Mor lease = vim.call("ImportVApp", host.getValue().pool(), Element.copyOf("spec", made.child("importSpec").orElseThrow()),
                    Element.ref("folder", site.vmFolder()), Element.ref("host", host.getValue().mor())).child("returnval").orElseThrow().mor();
            Mor vm = null;
            try {
                Node info = ready(vim, lease);
                vm = info.child("entity").map(Node::mor).orElseThrow(() -> new IOException("the import lease names no VM"));
                send(vim, lease, info, uploads, progress);
                vim.call("HttpNfcLeaseComplete", lease);
            } catch (VimFault | IOException | RuntimeException e) {
                abort(vim, lease, vm);
                throw e;
            }
            vim.runTask(Vim.TASK_TIMEOUT, "CreateSnapshot_Task", vm, Element.text("name", BASE_SNAPSHOT),
                    Element.text("description", "the disk as imported: tile VMs are linked clones of it"),
                    Element.text("memory", "false"), Element.text("quiesce", "false"));
            vim.call("MarkAsTemplate", vm);
            long bytes = uploads.stream().mapToLong(Upload::bytes).sum();
            return String.format(Locale.ROOT, "template '%s' imported (%d file(s), %.1f MiB sent), snapshot '%s'; set %s to it",
                    name, uploads.size(), bytes / 1048576.0, BASE_SNAPSHOT, VspherePlatformProvider.key("template"));
        } catch (VimFault | IOException e) {
            throw new PlatformException("importing '" + name + "' into vCenter: " + e.getMessage(), e);
        }
    }

    /** A file of the package matched to the item vCenter's import spec expects it as. */
    private record Upload(String deviceId, String path, Path file, long bytes) {
    }

    private static List<Upload> uploads(List<Node> fileItems, OvfPackage image) throws IOException {
        List<Upload> uploads = new ArrayList<>();
        for (Node item : fileItems) {
            String path = item.text("path").orElseThrow();
            Path file = image.files().get(path);
            if (file == null) {
                throw new IOException("the OVF descriptor names '" + path + "', which the package does not hold (it holds "
                        + image.files().keySet() + ")");
            }
            uploads.add(new Upload(item.text("deviceId").orElseThrow(), path, file, Files.size(file)));
        }
        return uploads;
    }

    /** Waits until the lease is ready and returns its info; a lease in error throws vCenter's fault. */
    private static Node ready(Vim vim, Mor lease) throws VimFault, IOException {
        Instant deadline = Instant.now().plus(LEASE_READY);
        while (true) {
            Vim.ObjectProps props = vim.one(lease, List.of("state", "error", "info"));
            String state = props.text("state").orElse("initializing");
            if (state.equals("ready")) {
                return props.props().get("info");
            }
            if (state.equals("error")) {
                Node error = props.props().get("error");
                String type = error == null ? "HttpNfcLeaseError" : error.child("fault").map(Node::xsiType).orElse("HttpNfcLeaseError");
                throw new VimFault(type, error == null ? type : error.text("localizedMessage").orElse(type));
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IOException("the import lease is still " + state + " after " + LEASE_READY.toMinutes() + " min");
            }
            Vim.sleep(Duration.ofMillis(200));
        }
    }

    /** Sends every file to its device URL, telling the lease (which expires without word) and the user how far it got. */
    private static void send(Vim vim, Mor lease, Node info, List<Upload> uploads, Consumer<String> progress) throws VimFault, IOException {
        long total = Math.max(1, uploads.stream().mapToLong(Upload::bytes).sum());
        LongAdder sent = new LongAdder();
        Thread reporter = Thread.ofVirtual().start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(PROGRESS_EVERY);
                    int percent = (int) Math.min(99, sent.sum() * 100 / total);
                    vim.call("HttpNfcLeaseProgress", lease, Element.text("percent", Integer.toString(percent)));
                    progress.accept(String.format(Locale.ROOT, "sent %.1f of %.1f MiB", sent.sum() / 1048576.0, total / 1048576.0));
                }
            } catch (InterruptedException | VimFault | IOException stopped) {
                // the upload ended (or the lease went away): the outcome is the upload's
            }
        });
        try {
            for (Upload upload : uploads) {
                Node device = info.all("deviceUrl").stream().filter(d -> d.text("importKey").orElse("").equals(upload.deviceId()))
                        .findFirst().orElseThrow(() -> new IOException("the import lease has no device URL for " + upload.path()));
                URI target = URI.create(device.text("url").orElseThrow().replace("://*/", "://" + vim.soap().authority() + "/"));
                boolean disk = device.text("disk").orElse("false").equals("true");
                progress.accept("sending " + upload.path() + " (" + upload.bytes() + " bytes)");
                vim.soap().upload(target, disk ? "POST" : "PUT", disk ? "application/x-vnd.vmware-streamVmdk" : "application/octet-stream",
                        upload.file(), sent, device.text("sslThumbprint").filter(thumbprint -> !thumbprint.isBlank()));
            }
        } finally {
            reporter.interrupt();
        }
        vim.call("HttpNfcLeaseProgress", lease, Element.text("percent", "100"));
    }

    /** Nothing half-imported stays: the lease aborted and the VM it made destroyed (vCenter removes it; vcsim keeps it). */
    private static void abort(Vim vim, Mor lease, Mor vm) {
        try {
            vim.call("HttpNfcLeaseAbort", lease);
        } catch (VimFault | IOException e) {
            // an expired lease cannot be aborted: the VM is removed below either way
        }
        if (vm != null) {
            try {
                vim.runTask(Vim.TASK_TIMEOUT, "Destroy_Task", vm);
            } catch (VimFault | IOException gone) {
                // vCenter already removed it with the lease
            }
        }
    }
}
