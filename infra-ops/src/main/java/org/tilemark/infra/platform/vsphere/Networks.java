package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.infra.platform.PlatformSettingException;

/**
 * {@code cluster.vsphere.networks}: the network each of the template's NICs is connected to in a tile VM, by
 * NIC ({@code nic1} the template's first virtual Ethernet card) and network name, a standard portgroup or a
 * distributed portgroup. Found at connect; an unknown network or NIC is bad input naming its key.
 */
final class Networks {

    static final String NIC_KEY = "nic[1-9][0-9]*";

    /** One NIC's network as its backing is written. */
    record Target(String name, Element backing) {
    }

    private Networks() {
    }

    /** The template's NICs by index (0-based) with their target network, for each configured NIC. */
    static Map<Integer, Target> find(Vim vim, Mor datacenter, List<Node> templateNics, Map<String, String> networks)
            throws VimFault, IOException, PlatformSettingException {
        Map<Integer, Target> targets = new LinkedHashMap<>();
        if (networks.isEmpty()) {
            return targets;
        }
        Map<String, Vim.ObjectProps> byName = new LinkedHashMap<>();
        vim.all(datacenter, "Network", List.of("name")).forEach(network -> byName.putIfAbsent(network.text("name").orElse(""), network));
        for (var wanted : networks.entrySet()) {
            String key = VspherePlatformProvider.key("networks." + wanted.getKey());
            int index = Integer.parseInt(wanted.getKey().substring(3)) - 1;
            if (index >= templateNics.size()) {
                throw new PlatformSettingException(key + ": the template has " + templateNics.size() + " network card(s)");
            }
            Vim.ObjectProps network = Optional.ofNullable(byName.get(wanted.getValue())).orElseThrow(() -> new PlatformSettingException(
                    key + ": no network '" + wanted.getValue() + "' in the datacenter (found " + byName.keySet() + ")"));
            targets.put(index, new Target(wanted.getValue(), backing(vim, network, wanted.getValue())));
        }
        return targets;
    }

    private static Element backing(Vim vim, Vim.ObjectProps network, String name) throws VimFault, IOException {
        if (network.obj().type().equals("DistributedVirtualPortgroup")) {
            Vim.ObjectProps portgroup = vim.one(network.obj(), List.of("key", "config.distributedVirtualSwitch"));
            String uuid = vim.one(portgroup.props().get("config.distributedVirtualSwitch").mor(), List.of("uuid")).text("uuid").orElseThrow();
            return Element.of("backing", Element.of("port", Element.text("switchUuid", uuid),
                    Element.text("portgroupKey", portgroup.text("key").orElseThrow()))).typed("VirtualEthernetCardDistributedVirtualPortBackingInfo");
        }
        return Element.of("backing", Element.text("deviceName", name), Element.ref("network", network.obj()))
                .typed("VirtualEthernetCardNetworkBackingInfo");
    }

    /**
     * {@code CreateImportSpec}'s {@code networkMapping}s: the OVF network each of the descriptor's NICs connects to
     * ({@code rasd:Connection}, in the descriptor's order), mapped to the network {@code networks} names for that NIC.
     */
    static List<Element> ovfMappings(Vim vim, Mor datacenter, String descriptor, Map<String, String> networks)
            throws VimFault, IOException, PlatformSettingException {
        List<Element> mappings = new java.util.ArrayList<>();
        if (networks.isEmpty()) {
            return mappings;
        }
        Map<String, Mor> byName = new LinkedHashMap<>();
        vim.all(datacenter, "Network", List.of("name")).forEach(network -> byName.putIfAbsent(network.text("name").orElse(""), network.obj()));
        List<String> connections = connections(descriptor);
        java.util.Set<String> mapped = new java.util.HashSet<>();
        for (var wanted : networks.entrySet()) {
            int index = Integer.parseInt(wanted.getKey().substring(3)) - 1;
            String key = VspherePlatformProvider.key("networks." + wanted.getKey());
            if (index >= connections.size()) {
                throw new PlatformSettingException(key + ": the image's descriptor has " + connections.size() + " network card(s)");
            }
            Mor network = Optional.ofNullable(byName.get(wanted.getValue())).orElseThrow(() -> new PlatformSettingException(
                    key + ": no network '" + wanted.getValue() + "' in the datacenter (found " + byName.keySet() + ")"));
            if (mapped.add(connections.get(index))) {
                mappings.add(Element.of("networkMapping", Element.text("name", connections.get(index)), Element.ref("network", network)));
            }
        }
        return mappings;
    }

    /** The descriptor's NICs' connections (OVF network names), in order. */
    private static List<String> connections(String descriptor) throws IOException {
        List<String> found = new java.util.ArrayList<>();
        try {
            javax.xml.stream.XMLInputFactory factory = javax.xml.stream.XMLInputFactory.newFactory();
            factory.setProperty(javax.xml.stream.XMLInputFactory.SUPPORT_DTD, false);
            javax.xml.stream.XMLStreamReader in = factory.createXMLStreamReader(new java.io.StringReader(descriptor));
            while (in.hasNext()) {
                if (in.next() == javax.xml.stream.XMLStreamConstants.START_ELEMENT && in.getLocalName().equals("Connection")) {
                    found.add(in.getElementText().strip());
                }
            }
        } catch (javax.xml.stream.XMLStreamException e) {
            throw new IOException("reading the OVF descriptor's network connections: " + e.getMessage(), e);
        }
        return found;
    }

    /** The virtual Ethernet cards among {@code config.hardware.device} as read, in their order. */
    static List<Node> nics(Node devices) {
        return Optional.ofNullable(devices).stream().flatMap(list -> list.children().stream())
                .filter(device -> device.child("macAddress").isPresent() || device.child("addressType").isPresent()).toList();
    }

    /** Whether a NIC as read is on the target: the same port group (distributed) or network name (standard). */
    static boolean on(Node nic, Target target) {
        Optional<Node> backing = nic.child("backing");
        Optional<String> portgroup = backing.flatMap(b -> b.child("port")).flatMap(port -> port.text("portgroupKey"));
        Optional<String> wanted = target.backing().children().stream().filter(child -> child.name().equals("port")).findFirst()
                .flatMap(port -> port.children().stream().filter(child -> child.name().equals("portgroupKey")).findFirst()).map(Element::text);
        if (wanted.isPresent()) {
            return portgroup.equals(wanted);
        }
        return backing.flatMap(b -> b.text("deviceName")).orElse("").equals(target.name());
    }

    /** The NIC as read, moved to the target network, as the {@code device} of an edit. */
    static Element moved(Node nic, Target target) {
        List<Element> children = nic.children().stream()
                .map(child -> child.name().equals("backing") ? target.backing() : Element.copyOf(child.name(), child)).toList();
        return new Element("device", null, nic.xsiType(), null, children);
    }
}
