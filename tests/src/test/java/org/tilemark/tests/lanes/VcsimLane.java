package org.tilemark.tests.lanes;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A class that runs against govmomi's vCenter simulator: it runs beside the local runs, one such class at
 * a time (it mostly waits on vcsim's method delays), and starts vcsim at the lowest CPU priority
 * ({@link TestLanes#lowPriority}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(TestLanes.VCSIM)
public @interface VcsimLane {
}
