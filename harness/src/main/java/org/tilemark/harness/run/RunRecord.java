package org.tilemark.harness.run;

import java.time.Instant;
import java.util.List;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.bundle.RunFile;
import org.tilemark.infra.platform.Platform;

/** run.json: configuration snapshot, inventory and placement, versions, start and end. */
final class RunRecord {
    private final String runId;
    private final BenchmarkSpec spec;
    private final Instant startedAt;
    private Platform platform;
    private RunJson.PlatformFacts facts = RunJson.PlatformFacts.NONE;
    /** The search whose maximum this run confirms; null for any other run. */
    private String confirms;

    RunRecord(String runId, BenchmarkSpec spec, Instant startedAt) {
        this.runId = runId;
        this.spec = spec;
        this.startedAt = startedAt;
    }

    void confirms(String searchId) {
        this.confirms = searchId;
    }

    void platform(Platform p) {
        this.platform = p;
    }

    /** Asks the open platform what run.json records of it; a closed one is not asked (its connections are gone). */
    void platformClosing(List<TileProvisioner.DeployedVm> vms) {
        ask(vms);
        platform = null;
    }

    RunFile toJson(List<TileProvisioner.DeployedVm> vms, Instant endedAt) {
        ask(vms);
        RunFile run = RunJson.of(runId, spec, startedAt, endedAt, facts, vms);
        return confirms == null ? run : run.confirming(confirms);
    }

    private void ask(List<TileProvisioner.DeployedVm> vms) {
        if (platform == null) {
            return;
        }
        try {
            facts = RunJson.PlatformFacts.of(platform, vms);
        } catch (RuntimeException e) {
            // A host that stopped answering: run.json keeps what the platform said last, and is still written.
        }
    }
}
