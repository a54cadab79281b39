package org.tilemark.infra.platform.vsphere;

import java.util.Optional;
import org.tilemark.templates.image.NoCloudSeed;

/**
 * The extraConfig keys Tilemark sets on its VMs and reads back. {@code tilemark.run} marks every VM of a
 * run, so {@code leftovers} and {@code cleanup} find them from any later session.
 */
final class Marks {

    static final String RUN = "tilemark.run";
    static final String VM = "tilemark.vm";
    /** Where the guest writes its readiness report (the guest config goes to {@code NoCloudSeed.GUESTINFO_KEY}). */
    static final String READINESS = NoCloudSeed.GUESTINFO_READINESS_KEY;
    /** What a vSphere migration's bytes are: vCenter's task does not report them. */
    static final String BYTES_NOT_REPORTED = "not reported by vCenter";

    private Marks() {
    }

    /** The run a VM belongs to, from its {@code config.extraConfig} as read; empty for a VM not Tilemark's. */
    static Optional<String> runOf(Vim.ObjectProps vm) {
        return extraConfig(vm, RUN);
    }

    static Optional<String> extraConfig(Vim.ObjectProps vm, String key) {
        return Optional.ofNullable(vm.props().get("config.extraConfig")).stream().flatMap(extra -> extra.children().stream())
                .filter(option -> option.text("key").orElse("").equals(key)).findFirst().flatMap(option -> option.text("value"));
    }
}
