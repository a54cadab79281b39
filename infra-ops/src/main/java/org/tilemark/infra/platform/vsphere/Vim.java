package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A logged-in vim25 session: the service content's managers, properties read through the
 * PropertyCollector, and tasks awaited until vCenter says they succeeded or failed.
 */
final class Vim implements AutoCloseable {

    /** How long one task (clone, relocation, power, destroy, snapshot, disk) may run before it is given up on. */
    static final Duration TASK_TIMEOUT = Duration.ofMinutes(30);
    /** How often a running task's state is read again. */
    private static final Duration TASK_POLL = Duration.ofMillis(200);

    private final SoapClient soap;
    private final Mor rootFolder;
    private final Mor propertyCollector;
    private final Mor viewManager;
    private final Mor sessionManager;
    private final Mor virtualDiskManager;
    private final Mor performanceManager;
    private final Mor ovfManager;
    private final Mor eventManager;
    private final Mor authorizationManager;

    private Vim(SoapClient soap, Node content) {
        this.soap = soap;
        this.rootFolder = ref(content, "rootFolder");
        this.propertyCollector = ref(content, "propertyCollector");
        this.viewManager = ref(content, "viewManager");
        this.sessionManager = ref(content, "sessionManager");
        this.virtualDiskManager = ref(content, "virtualDiskManager");
        this.performanceManager = ref(content, "perfManager");
        this.ovfManager = ref(content, "ovfManager");
        this.eventManager = ref(content, "eventManager");
        this.authorizationManager = ref(content, "authorizationManager");
    }

    /** Reads the service content and logs in; the password is passed on and not kept. */
    static Vim login(SoapClient soap, String username, String password) throws VimFault, IOException {
        Node content = soap.call("RetrieveServiceContent", Mor.SERVICE_INSTANCE, List.of()).child("returnval")
                .orElseThrow(() -> new IOException("RetrieveServiceContent: no service content"));
        Vim vim = new Vim(soap, content);
        soap.call("Login", vim.sessionManager, List.of(Element.text("userName", username), Element.text("password", password)));
        return vim;
    }

    private static Mor ref(Node content, String name) {
        return content.child(name).map(Node::mor).orElseThrow(() -> new IllegalStateException("service content lacks " + name));
    }

    Mor rootFolder() {
        return rootFolder;
    }

    Mor virtualDiskManager() {
        return virtualDiskManager;
    }

    Mor performanceManager() {
        return performanceManager;
    }

    Mor ovfManager() {
        return ovfManager;
    }

    Mor eventManager() {
        return eventManager;
    }

    Mor authorizationManager() {
        return authorizationManager;
    }

    /** The session's user as vCenter names it (e.g. {@code VSPHERE.LOCAL\\tilemark}). */
    String userName() throws VimFault, IOException {
        return one(sessionManager, List.of("currentSession")).props().get("currentSession").text("userName").orElseThrow();
    }

    /** vCenter's clock now: times compared with its own (event and sample times) are taken from it. */
    Instant currentTime() throws VimFault, IOException {
        return call("CurrentTime", Mor.SERVICE_INSTANCE).text("returnval").map(Vim::instant).orElse(Instant.now());
    }

    /** A time as vCenter writes it (xsd:dateTime, with its offset). */
    static Instant instant(String dateTime) {
        return java.time.OffsetDateTime.parse(dateTime).toInstant();
    }

    /** The session's HTTP client, for what is not a SOAP call: uploads to a lease's device URLs. */
    SoapClient soap() {
        return soap;
    }

    Node call(String method, Mor target, Element... arguments) throws VimFault, IOException {
        return soap.call(method, target, List.of(arguments));
    }

    /** Every object of {@code type} under {@code container} (recursively) with the properties {@code paths}. */
    List<ObjectProps> all(Mor container, String type, List<String> paths) throws VimFault, IOException {
        Mor view = call("CreateContainerView", viewManager, Element.ref("container", container), Element.text("type", type),
                Element.text("recursive", "true")).child("returnval").orElseThrow().mor();
        try {
            Element traversal = new Element("selectSet", null, "TraversalSpec", null, List.of(
                    Element.text("type", "ContainerView"), Element.text("path", "view"), Element.text("skip", "false")));
            return retrieve(type, paths, Element.of("objectSet", Element.ref("obj", view), Element.text("skip", "true"), traversal));
        } finally {
            call("DestroyView", view);
        }
    }

    /** The properties {@code paths} of one object; an absent (unset) property is missing from the map. */
    ObjectProps one(Mor object, List<String> paths) throws VimFault, IOException {
        List<ObjectProps> found = retrieve(object.type(), paths, Element.of("objectSet", Element.ref("obj", object),
                Element.text("skip", "false")));
        return found.isEmpty() ? new ObjectProps(object, Map.of()) : found.getFirst();
    }

    private List<ObjectProps> retrieve(String type, List<String> paths, Element objectSet) throws VimFault, IOException {
        List<Element> propSet = new ArrayList<>(List.of(Element.text("type", type), Element.text("all", "false")));
        paths.forEach(path -> propSet.add(Element.text("pathSet", path)));
        Element spec = Element.of("specSet", Element.of("propSet", propSet), objectSet);
        List<ObjectProps> result = new ArrayList<>();
        Optional<Node> page = call("RetrievePropertiesEx", propertyCollector, spec, Element.of("options")).child("returnval");
        while (page.isPresent()) {
            for (Node object : page.get().all("objects")) {
                Map<String, Node> props = new LinkedHashMap<>();
                object.all("propSet").forEach(prop -> props.put(prop.text("name").orElseThrow(), prop.child("val").orElseThrow()));
                result.add(new ObjectProps(object.child("obj").orElseThrow().mor(), props));
            }
            Optional<String> token = page.get().text("token");
            page = token.isEmpty() ? Optional.empty()
                    : call("ContinueRetrievePropertiesEx", propertyCollector, Element.text("token", token.get())).child("returnval");
        }
        return result;
    }

    /**
     * Starts a task ({@code method} returns its reference) and waits for it; a failed task throws its
     * fault with vCenter's message.
     */
    Optional<Node> runTask(Duration timeout, String method, Mor target, Element... arguments) throws VimFault, IOException {
        Mor task = call(method, target, arguments).child("returnval").orElseThrow().mor();
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            Node info = one(task, List.of("info")).props().get("info");
            String state = info == null ? "queued" : info.text("state").orElse("queued");
            if (state.equals("success")) {
                return info.child("result");
            }
            if (state.equals("error")) {
                Node error = info.child("error").orElseThrow();
                String faultType = error.child("fault").map(Node::xsiType).orElse("TaskError");
                throw new VimFault(faultType, error.text("localizedMessage").orElse(faultType));
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IOException(method + " still " + state + " after " + timeout.toSeconds() + " s ("
                        + info.text("progress").map(p -> p + " %").orElse("no progress reported") + ")");
            }
            sleep(TASK_POLL);
        }
    }

    static void sleep(Duration pause) throws IOException {
        try {
            Thread.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    @Override
    public void close() {
        try {
            call("Logout", sessionManager);
        } catch (VimFault | IOException e) {
            // The session times out on vCenter's side anyway; a failed logout changes nothing we keep.
        } finally {
            soap.close();
        }
    }

    /** An object and the properties read of it, by property path. */
    record ObjectProps(Mor obj, Map<String, Node> props) {

        Optional<String> text(String path) {
            return Optional.ofNullable(props.get(path)).map(Node::text);
        }
    }
}
