package org.tilemark.harness.image;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.tilemark.templates.image.ImageManifest;

/**
 * The image's output formats: raw, qcow2 (libvirt, Proxmox, OpenStack), streamOptimized VMDK and an
 * OVA of it with its OVF descriptor (vSphere). Each turns the built raw disk into its file.
 */
enum ImageFormat {
    RAW("raw") {
        @Override
        void write(Path raw, Path target, ImageOutput output) throws ImageBuildException, IOException {
            java.nio.file.Files.move(raw, target);
        }
    },
    QCOW2("qcow2") {
        @Override
        void write(Path raw, Path target, ImageOutput output) throws ImageBuildException {
            output.commands().run(List.of("qemu-img", "convert", "-f", "raw", "-O", "qcow2", raw.toString(), target.toString()));
        }
    },
    VMDK("vmdk") {
        @Override
        void write(Path raw, Path target, ImageOutput output) throws ImageBuildException {
            output.commands().run(List.of("qemu-img", "convert", "-f", "raw", "-O", "vmdk", "-o", "subformat=streamOptimized",
                    raw.toString(), target.toString()));
        }
    },
    OVA("ova") {
        @Override
        void write(Path raw, Path target, ImageOutput output) throws ImageBuildException, IOException {
            new OvaPackage(output).write(raw, target);
        }
    };

    private final String extension;

    ImageFormat(String extension) {
        this.extension = extension;
    }

    String extension() {
        return extension;
    }

    abstract void write(Path raw, Path target, ImageOutput output) throws ImageBuildException, IOException;

    /** The format named {@code name} (case-insensitive); an unknown one is bad input naming the known ones. */
    static ImageFormat named(String name) throws ImageBuildException {
        for (ImageFormat format : values()) {
            if (format.extension.equalsIgnoreCase(name)) {
                return format;
            }
        }
        throw new ImageBuildException(ImageBuildException.BAD_INPUT, "--format '" + name + "' is not an image format (known: "
                + String.join(", ", java.util.Arrays.stream(values()).map(ImageFormat::extension).toList()) + ")");
    }

    /** What a format writer may use: the build's tools, its work directory, and the manifest of what it writes. */
    record ImageOutput(CommandRunner commands, Path workDir, ImageManifest manifest, String name) {
    }
}
