package org.tilemark.harness.run;

import java.time.Duration;

/**
 * A VM's boot, from its power-on to its guest's ready report, as one sentence: an event of the run (in score.json,
 * the report and the live view). On a slow cluster or under emulation it is most of a tile's provisioning. This
 * type alone owns the wording.
 */
record VmBoot(String vm, String role, int tile, String host, Duration took) {

    String sentence() {
        return "VM " + vm + " (" + role + ", tile " + tile + ") ready on " + host + " " + took.toSeconds() + " s after its power-on";
    }
}
