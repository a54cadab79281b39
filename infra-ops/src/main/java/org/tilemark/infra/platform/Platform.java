package org.tilemark.infra.platform;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

/**
 * A cluster a benchmark runs on: inventory, templates, VM lifecycle and endpoints. One implementation
 * per backend, each in its own package; nothing outside that package knows how a backend works.
 */
public interface Platform extends AutoCloseable {

    String name();

    /** False for platforms whose results may not be published (e.g. the local one). */
    boolean publishable();

    /**
     * What its user must be told on every run with these settings, e.g. that TLS verification is off;
     * the harness prints each line as a warning when it connects.
     */
    default java.util.List<String> warnings() {
        return java.util.List.of();
    }

    Inventory inventory();

    /** Returns the template for {@code id}, building it first (and caching it) if it does not exist. */
    Template ensureTemplate(TemplateRequest request) throws PlatformException;

    /** Clones the template onto the VM's host and datastore and applies its customization; powered off. */
    Vm deploy(VmSpec spec) throws PlatformException;

    /** The bytes the deploy of {@code vm} copied (its disk from the template), where the platform knows them. */
    default java.util.OptionalLong deployedBytes(Vm vm) {
        return java.util.OptionalLong.empty();
    }

    /**
     * The image the VM's guest reported it runs on (its manifest and that manifest's digest), once it
     * is powered on; empty where VMs do not boot an image (the local platform's guest processes).
     */
    default java.util.Optional<org.tilemark.templates.image.GuestImage> guestImage(Vm vm) {
        return java.util.Optional.empty();
    }

    /**
     * The server software the VM's guest reported it serves with, where its role has a choice (the mail role: Postfix
     * and Dovecot, or the GreenMail stand-in), once it is powered on; empty where the guest said nothing.
     */
    default java.util.Optional<org.tilemark.templates.guest.GuestServer> guestServer(Vm vm) {
        return java.util.Optional.empty();
    }

    /** Powers the VM on and returns once its guest reports ready or {@code timeout} passes. */
    void powerOn(Vm vm, Duration timeout) throws PlatformException;

    /** Shuts the guest down cleanly, forcing it off after {@code grace}. */
    void powerOff(Vm vm, Duration grace) throws PlatformException;

    /** Powers off if needed and deletes the VM and its disks. */
    void destroy(Vm vm) throws PlatformException;

    /** The stable address of the VM's primary service; it does not change when the VM moves. */
    InetSocketAddress endpoint(Vm vm);

    /** Stable addresses of every service of the VM, by the port names of its role template. */
    java.util.Map<String, InetSocketAddress> endpoints(Vm vm);

    VmState state(Vm vm);

    /** VMs this platform still holds for a run (all runs when runId is null), e.g. after a crash. */
    List<String> leftovers(String runId);

    /** Removes every VM (processes, endpoints, disks) left by a run (all runs when runId is null); returns what it removed. */
    List<String> cleanup(String runId) throws PlatformException;

    /**
     * Runs whose VMs this platform holds and whose harness is still alive, with a word on which process
     * runs them, so {@code cleanup} does not pull VMs from under a run unless told to. A platform that
     * cannot tell returns none.
     */
    default java.util.Map<String, String> liveRuns() {
        return java.util.Map.of();
    }

    /** What this platform can do to running VMs; operations it cannot do are not scheduled. */
    java.util.Set<Capability> capabilities();

    /** Where the VM runs now (it changes when the VM is migrated). */
    Placement placement(Vm vm);

    /**
     * Moves a running VM to {@code target}: another host (live migration), another datastore
     * (storage migration) or both, as {@link #capabilities()} allow. The VM keeps its endpoints. On
     * failure the VM is left running where it was and nothing half-copied stays behind.
     */
    Migration migrate(Vm vm, Placement target) throws PlatformException;

    /**
     * Cumulative busy CPU time of {@code hosts} as the hypervisor sees it (every CPU counted once even
     * if hosts share it); empty if the platform cannot tell. Differences over a window give the
     * hosts' CPU utilization, summed over their cores.
     */
    java.util.Optional<Duration> cpuBusy(java.util.Set<String> hosts);

    /**
     * Creates a virtual disk of {@code bytes} on {@code datastore} (fully allocated, as a thick disk
     * is) and deletes it again: the metadata operation whose cost storage characterization measures.
     * Returns the time the pair took.
     */
    Duration createAndDeleteDisk(String datastore, String name, long bytes) throws PlatformException;

    /**
     * Its measure of what each VM uses (CPU, memory, disk, network), where the platform has one; the harness
     * writes it per interval and VM to the bundle's {@code vm-profile.jsonl}. Empty: not measured.
     */
    default java.util.Optional<VmResourceMeter> resourceMeter() {
        return java.util.Optional.empty();
    }

    /** Tells {@code listener} about VMs that stop without being powered off. */
    void onUnexpectedStop(VmListener listener);

    /**
     * Tells {@code listener} about operations the platform makes on Tilemark's VMs on its own from now on
     * (vCenter's DRS migrating them); platforms that make none tell nothing.
     */
    default void onPlatformOperation(PlatformOperationListener listener) {
    }

    @Override
    void close();
}
