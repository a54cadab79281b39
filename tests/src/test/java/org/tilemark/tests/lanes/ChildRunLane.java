package org.tilemark.tests.lanes;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A class whose runs are harness processes of their own, on datastores of their own: it runs beside the
 * local runs, one such class at a time, and starts its harness at the lowest CPU priority
 * ({@link TestLanes#lowPriority}), the guests with it. Its assertions must not rest on QoS.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(TestLanes.CHILD_RUNS)
public @interface ChildRunLane {
}
