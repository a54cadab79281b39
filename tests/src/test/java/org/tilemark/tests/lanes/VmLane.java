package org.tilemark.tests.lanes;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A class that builds the guest image or boots it under QEMU's software emulation: it runs beside the
 * local runs, one such class at a time, and starts its image build, daemons and VMs at the lowest CPU
 * priority ({@link TestLanes#lowPriority}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(TestLanes.VMS)
public @interface VmLane {
}
