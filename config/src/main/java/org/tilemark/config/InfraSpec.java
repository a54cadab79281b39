package org.tilemark.config;

import java.time.Duration;

/**
 * Infrastructure operations run beside the tiles during measurement (VMmark's vMotion, Storage
 * vMotion, XvMotion and Deploy loops), and how their rates are scored.
 *
 * @param enabled          false for an application-only run (score = application score)
 * @param only             an infrastructure-only run: the tiles' VMs are deployed and the operations run
 *                         on them, but no workload is driven (nor Deploy's job) and nothing is scored — a
 *                         check of a cluster's operations, e.g. before its guest image exists
 * @param blocks           infra blocks, each running one loop of every enabled operation; 0 = one per
 *                         two hosts, at least one (VMmark's N/2)
 * @param pause            pause between two operations of one loop
 * @param operationTimeout an operation still running after this fails
 * @param vmotion          live migration to another host
 * @param storageVmotion   disks to the other datastore (app ↔ maintenance) while the VM runs
 * @param xvmotion         host and datastore together, where the platform can
 * @param deploy           clone, customize, power on, run a job, power off, destroy
 */
public record InfraSpec(boolean enabled, boolean only, int blocks, Duration pause, Duration operationTimeout,
        MigrationSpec vmotion, MigrationSpec storageVmotion, MigrationSpec xvmotion, DeploySpec deploy) {

    /**
     * One migration loop.
     *
     * @param roles               comma-separated VM roles the loop picks from, round robin over tiles
     * @param referenceOpsPerHour the rate that normalizes to 1.0
     */
    public record MigrationSpec(boolean enabled, String roles, double referenceOpsPerHour) {
    }

    /**
     * The deploy loop.
     *
     * @param jobDuration how long the job inside the new VM runs (a small database load, then queries)
     */
    public record DeploySpec(boolean enabled, double referenceOpsPerHour, Duration jobDuration) {
    }
}
