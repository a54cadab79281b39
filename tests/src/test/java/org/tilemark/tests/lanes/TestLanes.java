package org.tilemark.tests.lanes;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the tests module's classes share this machine's two cores (junit-platform.properties). The local
 * end-to-end runs keep one lane to themselves, one class after another, at normal priority: their QoS
 * needs the cores. Beside them run a {@link VmLane} (the classes that build the guest image and boot it
 * under QEMU's software emulation), a {@link VcsimLane} (the vCenter-simulator classes, which mostly wait)
 * and a {@link ChildRunLane} (local runs in harness processes of their own that assert no QoS), each lane
 * one class at a time. What the beside-lanes start runs at the lowest CPU priority ({@link #lowPriority}),
 * so it takes only the CPU the local runs leave idle: their phases measured the same with both cores kept
 * busy at nice 19 (ShortRun 86 s, Search 103 s, InfraOperations 159 s, against 83, 102 and 158 alone).
 * Their disk requests go in the idle I/O class too, as the local runs' databases commit with fsync (a CI run's
 * search step saw p95 newCustomer at 1.5 s beside the other lanes; the cause was not measured). (mq-deadline serves the idle
 * class after the others but never starves it past its prio_aging_expire, 10 s; schedulers without classes
 * ignore it.)
 */
public final class TestLanes {

    /** The resource the vcsim classes hold, one at a time. */
    public static final String VCSIM = "tilemark.lane.vcsim";
    /** The resource the guest-image and VM-booting classes hold, one at a time. */
    public static final String VMS = "tilemark.lane.vms";
    /** The resource the classes whose runs are low-priority harness processes hold, one at a time. */
    public static final String CHILD_RUNS = "tilemark.lane.child-runs";

    private TestLanes() {
    }

    /** {@code command} run at the lowest CPU priority (nice 19) and in the idle I/O class; what it starts inherits both. */
    public static List<String> lowPriority(List<String> command) {
        List<String> niced = new ArrayList<>(List.of("ionice", "-c", "3", "nice", "-n", "19"));
        niced.addAll(command);
        return niced;
    }

    /** {@code tilemark <args...> -s key=value ...} as a process of its own on this test run's class path. */
    public static List<String> harness(List<String> args, Map<String, String> settings) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "org.tilemark.harness.TilemarkApplication"));
        command.addAll(args);
        settings.forEach((key, value) -> command.addAll(List.of("-s", key + "=" + value)));
        return command;
    }
}
