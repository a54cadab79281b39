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
 * PropertyCollector, and tasks followed until vCenter says they succeeded or failed ({@link TaskWait}).
 * The session is kept: a call every {@link #KEEP_ALIVE} (vCenter ends idle sessions, 30 min by default), and a
 * call vCenter refuses as {@code NotAuthenticated} (the session timed out, or an administrator ended it) logs in
 * again with the same credentials, held in this object's memory only, and is made once more.
 */
final class Vim implements AutoCloseable {

    /** How long one task (clone, relocation, power, destroy, snapshot, disk) may run before it is given up on. */
    static final Duration TASK_TIMEOUT = Duration.ofMinutes(30);
    private static final Duration KEEP_ALIVE = Duration.ofMinutes(5);
    static final String NOT_AUTHENTICATED = "NotAuthenticated";
    private static final System.Logger LOG = System.getLogger(Vim.class.getName());

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
    private final String username;
    private final TaskSlots tasks;
    /** Kept in memory to log in again when vCenter ends the session; never written anywhere. */
    private final String password;
    /** How many times this object logged in: a session-scoped object (view, collector) made before a later login is gone. */
    private final java.util.concurrent.atomic.AtomicLong logins = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.ScheduledExecutorService keepAlive = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("vsphere-keep-alive").factory());

    private Vim(SoapClient soap, Node content, String username, String password, int maxTasksInFlight) {
        this.soap = soap;
        this.tasks = new TaskSlots(maxTasksInFlight);
        this.username = username;
        this.password = password;
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

    /**
     * Reads the service content and logs in; the password is kept in memory only, to log in again. At most
     * {@code maxTasksInFlight} tasks run at once ({@link TaskSlots}).
     */
    static Vim login(SoapClient soap, String username, String password, int maxTasksInFlight) throws VimFault, IOException {
        Node content = soap.call("RetrieveServiceContent", Mor.SERVICE_INSTANCE, List.of()).child("returnval")
                .orElseThrow(() -> new IOException("RetrieveServiceContent: no service content"));
        Vim vim = new Vim(soap, content, username, password, maxTasksInFlight);
        vim.relogin(0);
        vim.keepAlive.scheduleWithFixedDelay(vim::touch, KEEP_ALIVE.toSeconds(), KEEP_ALIVE.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        return vim;
    }

    /** Logs in unless another thread did since {@code seen} logins. */
    private synchronized void relogin(long seen) throws VimFault, IOException {
        if (logins.get() == seen) {
            soap.call("Login", sessionManager, List.of(Element.text("userName", username), Element.text("password", password)));
            logins.incrementAndGet();
        }
    }

    /** The number of logins so far: a session-scoped object made at an earlier count went with its session. */
    long logins() {
        return logins.get();
    }

    private void touch() {
        try {
            currentTime();
        } catch (VimFault | IOException | RuntimeException e) {
            // vCenter did not answer this time: the next call logs in again if the session is gone.
        }
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

    /** The calls this object made to vCenter so far, by vim25 method. */
    java.util.SortedMap<String, Long> calls() {
        return soap.calls();
    }

    /** {@code 1234 calls (Login 1, RetrievePropertiesEx 40, ...)}. */
    String callSummary() {
        java.util.SortedMap<String, Long> made = calls();
        return made.values().stream().mapToLong(Long::longValue).sum() + " calls " + made.toString().replace('{', '(').replace('}', ')')
                .replace("=", " ") + "; at most " + tasks.mostAtOnce() + " tasks running at once (limit " + tasks.limit()
                + "); calls open at once at most " + soap.mostOpen().toString().replace('{', '(').replace('}', ')').replace("=", " ");
    }

    /** The session's HTTP client, for what is not a SOAP call: uploads to a lease's device URLs. */
    SoapClient soap() {
        return soap;
    }

    Node call(String method, Mor target, Element... arguments) throws VimFault, IOException {
        long seen = logins.get();
        try {
            return soap.call(method, target, List.of(arguments));
        } catch (VimFault fault) {
            if (!fault.faultType().equals(NOT_AUTHENTICATED)) {
                throw fault;
            }
            relogin(seen); // vCenter ended the session: a new one, and the call again
            return soap.call(method, target, List.of(arguments));
        }
    }

    /** Every object of {@code type} under {@code container} (recursively) with the properties {@code paths}. */
    List<ObjectProps> all(Mor container, String type, List<String> paths) throws VimFault, IOException {
        long seen = logins.get();
        try {
            return allInView(container, type, paths);
        } catch (VimFault | IOException e) {
            if (logins.get() == seen) {
                throw e;
            }
            return allInView(container, type, paths); // the view went with the session that ended
        }
    }

    private List<ObjectProps> allInView(Mor container, String type, List<String> paths) throws VimFault, IOException {
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

    /**
     * The properties {@code paths} of each of {@code objects} (all of {@code type}) in one RetrievePropertiesEx (and its
     * continuations): one call for a site's worth of VMs, not one per VM. An object vCenter no longer has is left out.
     */
    List<ObjectProps> several(java.util.Collection<Mor> objects, String type, List<String> paths) throws VimFault, IOException {
        if (objects.isEmpty()) {
            return List.of();
        }
        return retrieve(type, paths, objects.stream().map(object -> Element.of("objectSet", Element.ref("obj", object),
                Element.text("skip", "false"))).toArray(Element[]::new));
    }

    private List<ObjectProps> retrieve(String type, List<String> paths, Element... objectSet) throws VimFault, IOException {
        long seen = logins.get();
        try {
            return retrieveOnce(type, paths, objectSet);
        } catch (VimFault fault) {
            if (!fault.faultType().equals(NOT_AUTHENTICATED)) {
                throw fault;
            }
            relogin(seen);
            return retrieveOnce(type, paths, objectSet);
        }
    }

    private List<ObjectProps> retrieveOnce(String type, List<String> paths, Element... objectSet) throws VimFault, IOException {
        List<Element> propSet = new ArrayList<>(List.of(Element.text("type", type), Element.text("all", "false")));
        paths.forEach(path -> propSet.add(Element.text("pathSet", path)));
        List<Element> specSet = new ArrayList<>(List.of(Element.of("propSet", propSet)));
        specSet.addAll(List.of(objectSet));
        Element spec = Element.of("specSet", specSet);
        List<ObjectProps> result = new ArrayList<>();
        Optional<Node> page = call("RetrievePropertiesEx", propertyCollector, spec, Element.of("options")).child("returnval");
        while (page.isPresent()) {
            for (Node object : page.get().all("objects")) {
                notAuthenticated(object);
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
     * Starts a task ({@code method} returns its reference) and follows it to its end; a failed task throws its
     * fault with vCenter's message, and one still running after {@code timeout} is cancelled.
     */
    Optional<Node> runTask(Duration timeout, String method, Mor target, Element... arguments) throws VimFault, IOException {
        return tasks.run(method, () -> follow(call(method, target, arguments).child("returnval").orElseThrow().mor(), method, timeout));
    }

    /** The most tasks this session had running at once, and its limit ({@code cluster.vsphere.maxTasksInFlight}). */
    TaskSlots tasks() {
        return tasks;
    }

    /** Follows a task {@code method} started to its end; cancelled past {@code timeout}. */
    Optional<Node> follow(Mor task, String method, Duration timeout) throws VimFault, IOException {
        return new TaskWait(this, propertyCollector).await(task, method, timeout);
    }

    /**
     * A property vCenter would not read for want of a session (vcsim answers property reads without one, each
     * property missing with {@code NotAuthenticated}): the session's end, as a call's fault would say it.
     */
    private static void notAuthenticated(Node object) throws VimFault {
        for (Node missing : object.all("missingSet")) {
            if (missing.child("fault").flatMap(fault -> fault.child("fault")).map(Node::xsiType).orElse("").equals(NOT_AUTHENTICATED)) {
                throw new VimFault(NOT_AUTHENTICATED, "reading " + missing.text("path").orElse("a property") + ": no session");
            }
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
        keepAlive.shutdownNow();
        // What the session cost vCenter, for an operator sizing a site (bench/vsphere-scale turns this on).
        LOG.log(System.Logger.Level.DEBUG, () -> "vCenter calls of this session: " + callSummary());
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
