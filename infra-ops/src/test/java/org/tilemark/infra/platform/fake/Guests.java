package org.tilemark.infra.platform.fake;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmListener;
import org.tilemark.infra.platform.VmSpec;

/**
 * What runs a serving guest behind each of {@link FakePlatform}'s VMs, where a test needs its VMs to serve (a real
 * tile end to end): the fake keeps the cluster (inventory, placements, states, migrations, leftovers) and hands
 * only the guests' lives to this. Each connection to the fake has its own; a guest is named by the VM's
 * {@link VmSpec} and found again by its name and run. Without one, the fake's VMs run nothing, as on vcsim.
 */
public interface Guests extends AutoCloseable {

    /** The template a VM of the request's role boots from (built here where guests need one). */
    Template ensureTemplate(TemplateRequest request) throws PlatformException;

    /** Makes the VM's guest (its disks, not yet running). */
    void create(VmSpec spec) throws PlatformException;

    /** Starts the VM's guest and waits until it is ready; returns its endpoints by name ({@code main} among them). */
    Map<String, InetSocketAddress> start(Vm vm, Duration timeout) throws PlatformException;

    /** Stops the VM's guest, giving it {@code grace} to exit; no unexpected stop is reported for it. */
    void stop(Vm vm, Duration grace) throws PlatformException;

    /** Removes the VM's guest and its disks. */
    void remove(Vm vm) throws PlatformException;

    /** Removes every guest of the run ({@code null}: of every run), also those another connection made. */
    List<String> removeAll(String runId) throws PlatformException;

    /** Tells {@code listener} of each guest that stops without being asked to (a crash, a kill from outside). */
    void onUnexpectedStop(VmListener listener);

    /** The image the VM's guest reports it runs on, where it reports one. */
    Optional<org.tilemark.templates.image.GuestImage> image(Vm vm);

    @Override
    void close();
}
