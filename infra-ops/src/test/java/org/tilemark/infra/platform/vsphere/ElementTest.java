package org.tilemark.infra.platform.vsphere;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.io.StringWriter;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.Test;

class ElementTest {

    @Test
    void aValueWithMarkupInItIsWrittenEscapedAndReadBackUnchanged() throws Exception {
        String value = "{\"role\":\"</value></extraConfig><powerOn>true</powerOn>\",\"x\":\"a & b < c\"}";
        StringWriter text = new StringWriter();
        XMLStreamWriter out = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
        out.writeStartElement("root");
        out.writeNamespace("xsi", "http://www.w3.org/2001/XMLSchema-instance");
        Element.option("extraConfig", "guestinfo.tilemark.config", value).write(out);
        out.writeEndElement();
        out.close();

        assertThat(text.toString()).doesNotContain("<powerOn>");
        XMLStreamReader in = XMLInputFactory.newFactory().createXMLStreamReader(new StringReader(text.toString()));
        StringBuilder read = new StringBuilder();
        boolean inValue = false;
        while (in.hasNext()) {
            int event = in.next();
            if (event == XMLStreamReader.START_ELEMENT) {
                inValue = in.getLocalName().equals("value");
            } else if (event == XMLStreamReader.CHARACTERS && inValue) {
                read.append(in.getText());
            } else if (event == XMLStreamReader.END_ELEMENT) {
                inValue = false;
            }
        }
        assertThat(read).hasToString(value);
    }
}
