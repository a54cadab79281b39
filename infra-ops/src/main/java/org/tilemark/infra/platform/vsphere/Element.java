package org.tilemark.infra.platform.vsphere;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * One element of a vim25 request, written by {@link XMLStreamWriter} (which escapes every value); the
 * order of children is the order the vim25 schema's sequences ask for.
 *
 * @param type    the {@code type} attribute of a managed object reference, or null
 * @param xsiType the {@code xsi:type} of a value whose declared type is a base type, or null
 */
record Element(String name, String type, String xsiType, String text, List<Element> children) {

    Element {
        children = List.copyOf(children);
    }

    static Element text(String name, String text) {
        return new Element(name, null, null, text, List.of());
    }

    static Element ref(String name, Mor mor) {
        return new Element(name, mor.type(), null, mor.value(), List.of());
    }

    static Element of(String name, Element... children) {
        return new Element(name, null, null, null, Arrays.asList(children));
    }

    static Element of(String name, List<Element> children) {
        return new Element(name, null, null, null, children);
    }

    Element typed(String xsi) {
        return new Element(name, type, xsi, text, children);
    }

    /** An {@code OptionValue} of a string, as {@code extraConfig} holds them. */
    static Element option(String name, String key, String value) {
        List<Element> parts = new ArrayList<>();
        parts.add(text("key", key));
        parts.add(text("value", value).typed("xsd:string"));
        return of(name, parts).typed("OptionValue");
    }

    /** XML Schema's own types, which an {@code xsi:type} names with the {@code xsd:} prefix (vim25's types have none). */
    private static final java.util.Set<String> XSD_TYPES = java.util.Set.of("string", "boolean", "int", "long", "short", "byte",
            "float", "double", "dateTime", "base64Binary", "anyURI");

    /**
     * An element of an answer sent back as an argument named {@code as} (e.g. the import spec vCenter made
     * for {@code ImportVApp}): names, references, types and text as they came.
     */
    static Element copyOf(String as, Node node) {
        String xsi = node.xsiType() == null ? null : XSD_TYPES.contains(node.xsiType()) ? "xsd:" + node.xsiType() : node.xsiType();
        return new Element(as, node.type(), xsi, node.children().isEmpty() ? node.text() : null,
                node.children().stream().map(child -> copyOf(child.name(), child)).toList());
    }

    void write(XMLStreamWriter out) throws XMLStreamException {
        out.writeStartElement(name);
        if (type != null) {
            out.writeAttribute("type", type);
        }
        if (xsiType != null) {
            out.writeAttribute("xsi:type", xsiType);
        }
        if (text != null) {
            out.writeCharacters(text);
        }
        for (Element child : children) {
            child.write(out);
        }
        out.writeEndElement();
    }
}
