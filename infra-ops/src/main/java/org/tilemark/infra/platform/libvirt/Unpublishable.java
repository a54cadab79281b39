package org.tilemark.infra.platform.libvirt;

import java.util.ArrayList;
import java.util.List;

/**
 * Why a run with these settings cannot be published, one line per reason naming its key: the harness
 * prints each as a warning when it connects, and the platform answers not publishable while any applies.
 */
final class Unpublishable {

    private static final String SECTION = "cluster." + LibvirtPlatformProvider.NAME + ".";

    private Unpublishable() {
    }

    static List<String> reasons(LibvirtSettings settings) {
        List<String> reasons = new ArrayList<>();
        if (SettingValues.of(DomainType.class, settings.domainType()).orElse(DomainType.KVM) != DomainType.KVM) {
            reasons.add(SECTION + "domainType is " + settings.domainType()
                    + ": guests run under software emulation (TCG), so these results are not publishable");
        }
        if (settings.unsafeMigration()) {
            reasons.add(SECTION + "unsafeMigration is true: libvirt migrates without knowing that the pools are shared,"
                    + " so these results are not publishable");
        }
        return reasons;
    }
}
