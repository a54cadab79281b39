package org.tilemark.workloads.driver;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs the first failure of each operation of one workload's driver, with its cause: the interval
 * counts say how often an operation failed and on which VM, this says why. Thread-safe.
 */
public final class FirstFailures {

    private static final Logger LOG = LoggerFactory.getLogger(FirstFailures.class);

    private final String workload;
    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    /** @param workload as the log line names it, e.g. "DVD Store" */
    public FirstFailures(String workload) {
        this.workload = workload;
    }

    public void failed(String vm, String operation, Object cause) {
        if (logged.add(operation)) {
            LOG.warn("{}: {} {} failed: {}", vm, workload, operation, cause);
        }
    }
}
