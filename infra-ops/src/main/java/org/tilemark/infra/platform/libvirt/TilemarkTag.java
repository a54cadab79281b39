package org.tilemark.infra.platform.libvirt;

import java.io.StringReader;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/**
 * How Tilemark marks what it creates so {@code leftovers} and {@code cleanup} find it on every host,
 * also after the harness was killed: domains carry {@code <tm:vm run tile role>} in their
 * {@code <metadata>}, and every volume's name starts with {@link #volumePrefix}.
 */
record TilemarkTag(String runId, int tile, String role, String vmName) {

    static final String NAMESPACE = "https://tilemark.org/xmlns/libvirt/1";
    static final String PREFIX = "tilemark";
    static final String ELEMENT = "vm";
    /** libvirt's VIR_DOMAIN_METADATA_ELEMENT. */
    static final int METADATA_ELEMENT = 2;
    private static final String NAME_PREFIX = "tm-";

    /** The domain's name, unique per run: {@code tm-<run>-<vm>}. */
    String domainName() {
        return NAME_PREFIX + runId + "-" + vmName;
    }

    /** The first part of every volume of this VM's: disk, NoCloud seed, console. */
    String volumePrefix() {
        return runPrefix(runId) + vmName + ".";
    }

    /** Names of volumes of a run (of every run when {@code runId} is null) start with this. */
    static String runPrefix(String runId) {
        return runId == null ? NAME_PREFIX : NAME_PREFIX + runId + "-";
    }

    /** The element libvirt stores under the namespace (without the prefix: libvirt adds it). */
    String metadataXml() {
        return "<" + ELEMENT + " run=\"" + Xml.attribute(runId) + "\" tile=\"" + tile + "\" role=\"" + Xml.attribute(role)
                + "\" name=\"" + Xml.attribute(vmName) + "\"/>";
    }

    /** The tag a domain's metadata element carries, if it is Tilemark's. */
    static Optional<TilemarkTag> parse(String metadataXml) {
        try {
            var factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            Element root = factory.newDocumentBuilder().parse(new InputSource(new StringReader(metadataXml))).getDocumentElement();
            if (!root.getLocalName().equals(ELEMENT) || !root.hasAttribute("run") || !root.hasAttribute("name")) {
                return Optional.empty();
            }
            return Optional.of(new TilemarkTag(root.getAttribute("run"), Integer.parseInt(root.getAttribute("tile")),
                    root.getAttribute("role"), root.getAttribute("name")));
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
