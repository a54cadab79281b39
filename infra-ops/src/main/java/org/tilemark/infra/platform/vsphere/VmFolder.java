package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The VM folder tile VMs are cloned into: {@code cluster.vsphere.vmFolder}, a path of folder names under the
 * datacenter's VM folder (blank: that folder itself). Folders of the path that are absent are made
 * ({@code CreateFolder}) at the first deploy, not before; the configured folder is removed
 * ({@code Destroy_Task}) when it holds nothing at cleanup, or at close if this connection made it.
 */
final class VmFolder {

    private final Vim vim;
    private final Mor root;
    private final List<String> path;
    private Mor folder;
    private boolean made;

    VmFolder(Vim vim, Mor datacenterVmFolder, String path) {
        this.vim = vim;
        this.root = datacenterVmFolder;
        this.path = path.isBlank() ? List.of() : List.of(path.strip().split("/+"));
    }

    /** The folder, made (with any missing parent) on first use. */
    synchronized Mor ensure() throws VimFault, IOException {
        if (folder == null) {
            Mor at = root;
            for (String name : path) {
                Optional<Mor> child = child(at, name);
                if (child.isPresent()) {
                    at = child.get();
                } else {
                    at = vim.call("CreateFolder", at, Element.text("name", name)).child("returnval").orElseThrow().mor();
                    made = true;
                }
            }
            folder = at;
        }
        return folder;
    }

    /** Removes the configured folder if it exists and holds nothing (never the datacenter's own VM folder). */
    synchronized void removeIfEmpty() throws VimFault, IOException {
        if (path.isEmpty()) {
            return;
        }
        Optional<Mor> found = Optional.ofNullable(folder).or(() -> find());
        if (found.isPresent()) {
            Node children = vim.one(found.get(), List.of("childEntity")).props().get("childEntity");
            if (children == null || children.children().isEmpty()) {
                vim.runTask(Vim.TASK_TIMEOUT, "Destroy_Task", found.get());
                folder = null;
                made = false;
            }
        }
    }

    /** At close: the folder this connection made goes if it is empty. */
    synchronized void closing() throws VimFault, IOException {
        if (made) {
            removeIfEmpty();
        }
    }

    private Optional<Mor> find() {
        try {
            Mor at = root;
            for (String name : path) {
                Optional<Mor> child = child(at, name);
                if (child.isEmpty()) {
                    return Optional.empty();
                }
                at = child.get();
            }
            return Optional.of(at);
        } catch (VimFault | IOException e) {
            throw new IllegalStateException("vSphere: looking up VM folder " + String.join("/", path) + ": " + e.getMessage(), e);
        }
    }

    private Optional<Mor> child(Mor parent, String name) throws VimFault, IOException {
        List<Mor> folders = new ArrayList<>();
        Node children = vim.one(parent, List.of("childEntity")).props().get("childEntity");
        if (children != null) {
            children.children().stream().map(Node::mor).filter(ref -> "Folder".equals(ref.type())).forEach(folders::add);
        }
        for (Mor candidate : folders) {
            if (vim.one(candidate, List.of("name")).text("name").orElse("").equals(name)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
