package org.tilemark.infra.platform.vsphere;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The vSphere platform's section, {@code cluster.vsphere}.
 *
 * @param url        vCenter's SDK address, {@code https://vcenter.example/sdk} (https only: the session carries the password)
 * @param trustStore a PEM file of the certificates (or their CA) vCenter's TLS certificate is checked against;
 *                   blank: the JDK's own trust store
 * @param insecure   true: vCenter's certificate and host name are not checked at all (a lab whose vCenter has a
 *                   self-signed certificate nobody exported); every run warns, and its results are not publishable
 * @param datacenter the datacenter whose hosts, datastores and VMs the run uses
 * @param cluster    the cluster (by name) whose hosts the run uses; hosts elsewhere are not used; blank: every
 *                   cluster and standalone host of the datacenter
 * @param template   the VM (or template) every tile VM is cloned from: the guest image imported into vCenter
 * @param vmFolder   the folder tile VMs are cloned into, a path under the datacenter's VM folder ({@code a/b});
 *                   made at the first deploy if absent, removed when empty; blank: the datacenter's VM folder
 * @param resourcePool the resource pool (by name) in each host's cluster the VMs run in; a host whose cluster has
 *                   no pool of that name is not used; blank: each cluster's root pool
 * @param networks   the network (standard or distributed portgroup, by name) of each of the template's NICs in a
 *                   tile VM: {@code nic1} the first; a NIC not named keeps the template's network
 * @param datastores harness datastore name ({@code app}, {@code maintenance}) to the vSphere datastore's name
 * @param readiness  {@code guest}: powerOn waits for the guest's readiness report in {@code guestinfo.tilemark.readiness};
 *                   {@code power-state}: powerOn returns once vCenter reports the VM powered on (for simulators,
 *                   whose VMs boot no guest; such runs are not publishable)
 * @param maxTasksInFlight how many vCenter tasks (clones, power operations, relocations, destroys) the run has
 *                   running at once; more wait their turn in the harness, as vCenter itself queues operations past
 *                   its limits rather than run them all at once ({@value #MAX_TASKS_IN_FLIGHT_CEILING} at most: vCenter's
 *                   own limit of concurrent operations)
 * @param credentials where the password is read when logging in
 */
record VsphereSettings(String url, String trustStore, boolean insecure, String datacenter, String cluster, String template, String vmFolder,
                       String resourcePool, Map<String, String> networks, Map<String, String> datastores, String readiness,
                       int maxTasksInFlight, Credentials credentials) {

    static final int DEFAULT_MAX_TASKS_IN_FLIGHT = 32;
    /** About what vCenter runs at once before it queues operations (VMware performance blog, "vCenter Limits for Tasks Running at the Same Time", 2021). */
    static final int MAX_TASKS_IN_FLIGHT_CEILING = 640;

    VsphereSettings {
        networks = Collections.unmodifiableMap(new LinkedHashMap<>(networks));
        datastores = Collections.unmodifiableMap(new LinkedHashMap<>(datastores));
    }

    /**
     * Never the password itself: where to read it when logging in.
     *
     * @param username     the vCenter user, e.g. {@code tilemark@vsphere.local}
     * @param passwordEnv  environment variable holding the password
     * @param passwordFile file holding the password (wins over the environment)
     */
    record Credentials(String username, String passwordEnv, String passwordFile) {
    }

    static VsphereSettings defaults() {
        // No default url, datacenter, template or datastores: a run on vSphere names its own.
        return new VsphereSettings("", "", false, "", "", "", "", "", Map.of(), Map.of(), Readiness.GUEST.key(),
                DEFAULT_MAX_TASKS_IN_FLIGHT, new Credentials("", "TILEMARK_VSPHERE_PASSWORD", ""));
    }
}
