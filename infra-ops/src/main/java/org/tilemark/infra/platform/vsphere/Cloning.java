package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tilemark.templates.VmSize;

/**
 * A tile VM cloned from the template at its role's size: the clone spec's config sets {@code numCPUs},
 * {@code memoryMB} and grows the template's first disk to the role's size (never shrinks it: a role smaller
 * than the image keeps the image's disk, as on libvirt), beside the extraConfig marks. The clone is read
 * back and whatever vCenter did not apply is set with one {@code ReconfigVM_Task} (vcsim v0.46.3 drops a
 * clone spec's numCPUs, memoryMB and extraConfig; a real vCenter applies them and this reconfigures nothing).
 */
final class Cloning {

    static final String DEVICES = "config.hardware.device";
    private static final String CPUS = "config.hardware.numCPU";
    private static final String MEMORY = "config.hardware.memoryMB";
    private static final long KIB_PER_GIB = 1024L * 1024;

    private final Vim vim;
    private final Site site;
    private final VmFolder folder;

    Cloning(Vim vim, Site site, VmFolder folder) {
        this.vim = vim;
        this.site = site;
        this.folder = folder;
    }

    /** Clones the template as {@code name} onto {@code host} and {@code datastore}, powered off, sized as {@code size}. */
    Mor clone(String name, VmSize size, Site.HostRef host, Site.DatastoreRef datastore, List<Element> extraConfig)
            throws VimFault, IOException {
        // A linked clone (a child disk on the template's base snapshot) where the template has one, as
        // image push leaves it; a full clone otherwise. Element order is the schema's.
        List<Element> location = new ArrayList<>(List.of(Element.ref("datastore", datastore.mor())));
        site.baseSnapshot().ifPresent(snapshot -> location.add(Element.text("diskMoveType", "createNewChildDiskBacking")));
        location.addAll(List.of(Element.ref("pool", host.pool()), Element.ref("host", host.mor())));
        Optional<Node> templateDisk = site.templateDisk();
        List<Element> config = sizing(size.vcpus(), size.memoryMb(), templateDisk.flatMap(disk -> grown(disk, size)));
        site.networks().forEach((index, target) -> config.add(edit(Networks.moved(site.templateNics().get(index), target))));
        config.addAll(extraConfig);
        List<Element> clone = new ArrayList<>(List.of(Element.of("location", location), Element.text("template", "false"),
                Element.of("config", config), Element.text("powerOn", "false")));
        site.baseSnapshot().ifPresent(snapshot -> clone.add(Element.ref("snapshot", snapshot)));
        Mor mor = vim.runTask(Vim.TASK_TIMEOUT, "CloneVM_Task", site.template(), Element.ref("folder", folder.ensure()),
                Element.text("name", name), Element.of("spec", clone)).orElseThrow().mor();
        complete(mor, size, extraConfig);
        return mor;
    }

    /** What the clone lacks of its size and marks, set again: vCenter's answer is what the VM is. */
    private void complete(Mor vm, VmSize size, List<Element> extraConfig) throws VimFault, IOException {
        Vim.ObjectProps read = vim.one(vm, List.of(CPUS, MEMORY, DEVICES, "config.extraConfig"));
        int cpus = read.text(CPUS).map(Integer::parseInt).orElse(0) == size.vcpus() ? 0 : size.vcpus();
        int memoryMb = read.text(MEMORY).map(Integer::parseInt).orElse(0) == size.memoryMb() ? 0 : size.memoryMb();
        List<Element> spec = sizing(cpus, memoryMb, firstDisk(read.props().get(DEVICES)).flatMap(disk -> grown(disk, size)));
        List<Node> nics = Networks.nics(read.props().get(DEVICES));
        site.networks().forEach((index, target) -> {
            if (index < nics.size() && !Networks.on(nics.get(index), target)) {
                spec.add(edit(Networks.moved(nics.get(index), target)));
            }
        });
        if (Marks.runOf(read).isEmpty()) {
            spec.addAll(extraConfig);
        }
        if (!spec.isEmpty()) {
            vim.runTask(Vim.TASK_TIMEOUT, "ReconfigVM_Task", vm, Element.of("spec", spec));
        }
    }

    /** {@code numCPUs}, {@code memoryMB} and the disk's edit, in the schema's order (a zero leaves the value as it is). */
    private static List<Element> sizing(int cpus, int memoryMb, Optional<Element> diskEdit) {
        List<Element> spec = new ArrayList<>();
        if (cpus > 0) {
            spec.add(Element.text("numCPUs", Integer.toString(cpus)));
        }
        if (memoryMb > 0) {
            spec.add(Element.text("memoryMB", Integer.toString(memoryMb)));
        }
        diskEdit.ifPresent(device -> spec.add(edit(device)));
        return spec;
    }

    private static Element edit(Element device) {
        return Element.of("deviceChange", Element.text("operation", "edit"), device);
    }

    /** The first virtual disk among {@code config.hardware.device} as read. */
    static Optional<Node> firstDisk(Node devices) {
        return Optional.ofNullable(devices).stream().flatMap(list -> list.children().stream())
                .filter(device -> "VirtualDisk".equals(device.xsiType())).findFirst();
    }

    /** The disk as read with the role's capacity, as the {@code device} of an edit; empty when it is already that large. */
    private static Optional<Element> grown(Node disk, VmSize size) {
        long wantedKb = size.diskGb() * KIB_PER_GIB;
        if (disk.text("capacityInKB").map(Long::parseLong).orElse(0L) >= wantedKb) {
            return Optional.empty();
        }
        List<Element> children = disk.children().stream().map(child -> switch (child.name()) {
            case "capacityInKB" -> Element.text(child.name(), Long.toString(wantedKb));
            case "capacityInBytes" -> Element.text(child.name(), Long.toString(wantedKb * 1024));
            default -> Element.copyOf(child.name(), child);
        }).toList();
        return Optional.of(new Element("device", null, disk.xsiType(), null, children));
    }
}
