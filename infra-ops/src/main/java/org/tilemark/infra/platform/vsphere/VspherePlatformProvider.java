package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.SectionChecks;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformProvider;

/**
 * Provides the vSphere platform and its section {@code cluster.vsphere}: tile VMs cloned from a template
 * through vCenter's vim25 API, vMotion, Storage vMotion and XvMotion as RelocateVM_Task.
 */
public final class VspherePlatformProvider implements PlatformProvider<VsphereSettings> {

    static final String NAME = "vsphere";

    static String key(String setting) {
        return "cluster." + NAME + "." + setting;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Class<VsphereSettings> sectionType() {
        return VsphereSettings.class;
    }

    @Override
    public VsphereSettings defaults() {
        return VsphereSettings.defaults();
    }

    @Override
    public void validate(VsphereSettings section, SectionChecks checks) {
        if (checks.usable("url") && !section.url().strip().matches("https://[^\\s/@]+(/\\S*)?")) {
            checks.error("url", "expected vCenter's SDK address over TLS, e.g. https://vcenter.example/sdk (no user or password in it)");
        }
        if (section.insecure() && !section.trustStore().isBlank()) {
            checks.error("insecure", "true turns the certificate check off, yet trustStore names " + section.trustStore()
                    + ": set one or the other");
        }
        checks.notBlank("datacenter", section.datacenter());
        checks.notBlank("template", section.template());
        checks.harnessDatastores("datastores", section.datastores().keySet());
        section.datastores().forEach((datastore, name) -> checks.notBlank("datastores." + datastore, name));
        section.networks().forEach((nic, network) -> {
            if (!nic.matches(Networks.NIC_KEY)) {
                checks.error("networks." + nic, "expected a NIC as nic1, nic2, ... (the template's network cards in order)");
            }
            checks.notBlank("networks." + nic, network);
        });
        checks.notBlank("credentials.username", section.credentials().username());
        if (checks.usable("readiness") && Readiness.of(section.readiness()).isEmpty()) {
            checks.error("readiness", "expected one of " + Readiness.keys() + ", got '" + section.readiness() + "'");
        }
        if (checks.usable("maxTasksInFlight") && (section.maxTasksInFlight() < 1
                || section.maxTasksInFlight() > VsphereSettings.MAX_TASKS_IN_FLIGHT_CEILING)) {
            checks.error("maxTasksInFlight", "expected 1 to " + VsphereSettings.MAX_TASKS_IN_FLIGHT_CEILING
                    + " (vCenter queues operations past about that many), got " + section.maxTasksInFlight());
        }
    }

    @Override
    public java.util.Optional<org.tilemark.infra.platform.ImageImport> imageImport(VsphereSettings section) {
        return java.util.Optional.of(new OvfImport(section));
    }

    /** Logs in, finds what the settings name and checks the user's privileges (as {@link #create}), then logs out: nothing is made. */
    @Override
    public java.util.Optional<String> preflight(VsphereSettings section, ClusterSpec cluster) throws PlatformException {
        try (Platform checked = create(section, cluster)) {
            return java.util.Optional.of("vCenter at " + section.url().strip() + ": user '" + section.credentials().username()
                    + "' logged in, datacenter '" + section.datacenter() + "' (" + checked.inventory().hosts().size()
                    + " host(s) usable), template '" + section.template() + "', datastores and the privileges a run needs checked");
        }
    }

    @Override
    public Platform create(VsphereSettings section, ClusterSpec cluster) throws PlatformException {
        Vim vim = Connection.open(section);
        try {
            Site site = Site.find(vim, section);
            Privileges.check(vim, site, section); // before anything is created
            return new VspherePlatform(vim, site, new VmFolder(vim, site.vmFolder(), section.vmFolder()),
                    Readiness.of(section.readiness()).orElseThrow(), section.insecure(), cluster.bindAddress());
        } catch (PlatformException | RuntimeException e) {
            vim.close();
            throw e;
        } catch (VimFault | IOException e) {
            vim.close();
            throw new PlatformException("vSphere: reading the inventory failed: " + e.getMessage(), e);
        }
    }
}
