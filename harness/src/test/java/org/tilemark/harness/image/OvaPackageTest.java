package org.tilemark.harness.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.tilemark.templates.image.ImageManifest;

class OvaPackageTest {

    @Test
    void descriptorNamesItsDiskItsSizesAndTheHardware() throws Exception {
        ImageManifest manifest = new ImageManifest("0.1.0", "bookworm", "amd64", "http://deb.debian.org/debian", "6.1.0-50-cloud-amd64",
                "25+36", "17.5.0", Map.of("bash", "5.2"), List.of("a.jar"), null);
        String ovf = new OvaPackage(new ImageFormat.ImageOutput(null, Path.of("."), manifest, "tilemark-guest-0.1.0"))
                .descriptor("tilemark-guest-0.1.0-disk1.vmdk", 123456789, 8L << 30);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(ovf.getBytes(StandardCharsets.UTF_8)));
        String ns = "http://schemas.dmtf.org/ovf/envelope/1";
        Element file = (Element) doc.getElementsByTagNameNS(ns, "File").item(0);
        assertThat(file.getAttributeNS(ns, "href")).isEqualTo("tilemark-guest-0.1.0-disk1.vmdk");
        assertThat(file.getAttributeNS(ns, "size")).isEqualTo("123456789");
        Element disk = (Element) doc.getElementsByTagNameNS(ns, "Disk").item(0);
        assertThat(disk.getAttributeNS(ns, "capacity")).isEqualTo(Long.toString(8L << 30));
        assertThat(ovf).contains("<rasd:ResourceType>3</rasd:ResourceType>", "<rasd:ResourceType>4</rasd:ResourceType>",
                "<rasd:ResourceType>17</rasd:ResourceType>", "guestinfo.tilemark.config").doesNotContain("${");
    }
}
