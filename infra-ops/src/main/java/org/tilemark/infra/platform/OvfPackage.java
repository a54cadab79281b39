package org.tilemark.infra.platform;

import java.nio.file.Path;
import java.util.Map;

/**
 * A guest image as an OVF package (DMTF's open format, what {@code tilemark image build --format ova}
 * writes): the descriptor's text and the files it references, by the name it gives them.
 */
public record OvfPackage(String descriptor, Map<String, Path> files) {

    public OvfPackage {
        if (descriptor == null || descriptor.isBlank()) {
            throw new IllegalArgumentException("an OVF package needs its descriptor");
        }
        files = Map.copyOf(files);
    }
}
