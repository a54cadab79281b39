package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.PlatformOperation;
import org.tilemark.infra.platform.PlatformOperationListener;
import org.tilemark.infra.platform.VmListener;

/**
 * What vCenter's event stream says of the VMs this connection tracks, read through one
 * EventHistoryCollector in the datacenter, from vCenter's time when the first listener came, every
 * {@link #PERIOD} (oldest first, each event once): the migrations DRS makes ({@code DrsVmMigratedEvent},
 * reported as platform operations) and VMs powered off, suspended or removed while Tilemark counts them
 * running (in the vSphere client, by HA, a guest that halted: unexpected stops). One call a period
 * whatever the number of VMs. What happens to other VMs is not Tilemark's to record.
 */
final class EventWatch implements AutoCloseable {

    static final String DRS_MIGRATION = "DrsVmMigratedEvent";
    /** Events that leave a VM not running; Tilemark's own power-offs come after it stopped counting the VM running. */
    private static final List<String> STOPS = List.of("VmPoweredOffEvent", "VmSuspendedEvent", "VmRemovedEvent");
    /** The cause a DRS migration is recorded with. */
    static final String CAUSE = "DRS";
    private static final Duration PERIOD = Duration.ofSeconds(2);
    /** Events read per call; more are read in the same period. */
    private static final int PAGE = 100;

    private final Vim vim;
    private final Site site;
    private final Collection<VsphereVm> vms;
    private final List<PlatformOperationListener> operationListeners = new CopyOnWriteArrayList<>();
    private final List<VmListener> stopListeners = new CopyOnWriteArrayList<>();
    private Thread thread;
    private volatile Mor collector;
    /** The logins count when {@link #collector} was made: a later login means it went with its session. */
    private long collectorLogins;
    /** vCenter's time when the watch began: a collector made again (a new session) reads from then on. */
    private Instant since;
    /** Keys of the events reported, so a collector made again does not report one twice. */
    private final java.util.Set<String> reported = new java.util.HashSet<>();

    EventWatch(Vim vim, Site site, Collection<VsphereVm> vms) {
        this.vim = vim;
        this.site = site;
        this.vms = vms;
    }

    void add(PlatformOperationListener listener) {
        operationListeners.add(listener);
        start();
    }

    void add(VmListener listener) {
        stopListeners.add(listener);
        start();
    }

    private synchronized void start() {
        if (thread == null) {
            thread = Thread.ofPlatform().daemon().name("vsphere-event-watch").start(this::watch);
        }
    }

    private void watch() {
        while (!Thread.currentThread().isInterrupted()) {
            try {
                if (collector == null || vim.logins() != collectorLogins) {
                    long logins = vim.logins();
                    collector = create();
                    collectorLogins = logins;
                }
                List<Node> page;
                do {
                    page = vim.call("ReadNextEvents", collector, Element.text("maxCount", Integer.toString(PAGE))).all("returnval");
                    page.forEach(this::report);
                } while (page.size() == PAGE);
            } catch (VimFault | IOException | RuntimeException e) {
                // vCenter did not answer this time, or with what was not expected (or the platform is closing):
                // asked again next period, so the watch outlives any one answer.
            }
            try {
                Vim.sleep(PERIOD);
            } catch (IOException interrupted) {
                return; // the platform is closing
            }
        }
    }

    private Mor create() throws VimFault, IOException {
        // EventFilterSpec's elements in the schema's order.
        List<Element> filter = new ArrayList<>(List.of(
                Element.of("entity", Element.ref("entity", site.datacenter()), Element.text("recursion", "all")),
                Element.of("time", Element.text("beginTime", since().toString())),
                Element.text("disableFullMessage", "true"), Element.text("eventTypeId", DRS_MIGRATION)));
        STOPS.forEach(stop -> filter.add(Element.text("eventTypeId", stop)));
        return vim.call("CreateCollectorForEvents", vim.eventManager(), Element.of("filter", filter))
                .child("returnval").orElseThrow().mor();
    }

    private Instant since() throws VimFault, IOException {
        if (since == null) {
            since = vim.currentTime();
        }
        return since;
    }

    private void report(Node event) {
        if (event.text("key").filter(key -> !reported.add(key)).isPresent()) {
            return;
        }
        Optional<Mor> about = event.child("vm").flatMap(argument -> argument.child("vm")).map(Node::mor);
        Optional<VsphereVm> tracked = vms.stream().filter(vm -> about.isPresent() && vm.mor.equals(about.get())).findFirst();
        if (tracked.isEmpty()) {
            return;
        }
        if (STOPS.contains(event.xsiType())) {
            stopped(tracked.get(), event);
        } else {
            migrated(event, tracked.get());
        }
    }

    private void stopped(VsphereVm vm, Node event) {
        String eventType = event.xsiType();
        Instant at = event.text("createdTime").map(Vim::instant).orElse(Instant.MAX);
        if (vm.running && !at.isBefore(vm.poweredOnAt)) {
            vm.running = false;
            String cause = "vCenter reports VM " + VsphereVm.vcenterName(vm.vm) + " " + switch (eventType) {
                case "VmSuspendedEvent" -> "suspended";
                case "VmRemovedEvent" -> "removed";
                default -> "powered off";
            } + ", not by Tilemark (" + eventType + ")";
            stopListeners.forEach(listener -> listener.stoppedUnexpectedly(vm.vm, cause));
        }
    }

    private void migrated(Node event, VsphereVm tracked) {
        try {
            Optional<String> toDatastore = datastore(event, "ds");
            Optional<String> fromDatastore = datastore(event, "sourceDatastore");
            // A vMotion's event may name no datastore: the VM's disks stayed where they are.
            String stayed = toDatastore.or(() -> fromDatastore).isPresent() ? null : currentDatastore(tracked);
            Placement from = new Placement(host(event, "sourceHost"), fromDatastore.or(() -> toDatastore).orElse(stayed));
            Placement to = new Placement(host(event, "host"), toDatastore.or(() -> fromDatastore).orElse(stayed));
            Instant at = event.text("createdTime").map(Vim::instant).orElse(Instant.now());
            PlatformOperation operation = new PlatformOperation(tracked.vm, from, to, at, CAUSE);
            operationListeners.forEach(listener -> listener.performed(operation));
        } catch (VimFault | IOException | RuntimeException e) {
            // An event that cannot be read whole is not recorded half.
        }
    }

    /** The host an event argument names, by the name placements use (vCenter's name for a host outside the cluster). */
    private String host(Node event, String argument) {
        Node named = event.child(argument).orElseThrow(() -> new IllegalArgumentException(DRS_MIGRATION + " without " + argument));
        return named.child("host").map(Node::mor).flatMap(site::hostName).or(() -> named.text("name")).orElseThrow();
    }

    private Optional<String> datastore(Node event, String argument) {
        return event.child(argument).flatMap(named -> named.child("datastore").map(Node::mor).flatMap(site::datastoreName)
                .or(() -> named.text("name")));
    }

    private String currentDatastore(VsphereVm vm) throws VimFault, IOException {
        Mor datastore = vim.one(vm.mor, List.of("datastore")).props().get("datastore").children().getFirst().mor();
        return site.datastoreName(datastore).orElse(datastore.value());
    }

    @Override
    public void close() {
        Thread running;
        synchronized (this) {
            running = thread;
        }
        if (running == null) {
            return;
        }
        running.interrupt();
        try {
            running.join(Duration.ofSeconds(5));
            Mor made = collector;
            if (made != null) {
                vim.call("DestroyCollector", made);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (VimFault | IOException e) {
            // vCenter drops the session's collectors at logout anyway.
        }
    }
}
