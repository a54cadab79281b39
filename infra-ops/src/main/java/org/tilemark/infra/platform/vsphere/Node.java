package org.tilemark.infra.platform.vsphere;

import java.util.List;
import java.util.Optional;

/**
 * One element of a vim25 response as read by the streaming parser: its local name, {@code type} (of a
 * managed object reference), {@code xsi:type}, text and children.
 */
record Node(String name, String type, String xsiType, String text, List<Node> children) {

    Node {
        children = List.copyOf(children);
    }

    Optional<Node> child(String childName) {
        return children.stream().filter(child -> child.name.equals(childName)).findFirst();
    }

    List<Node> all(String childName) {
        return children.stream().filter(child -> child.name.equals(childName)).toList();
    }

    /** The text of a child, or empty. */
    Optional<String> text(String childName) {
        return child(childName).map(Node::text);
    }

    Mor mor() {
        return new Mor(type, text);
    }
}
