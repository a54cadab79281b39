package org.tilemark.workloads.standby;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.tilemark.config.SectionChecks;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.VmSize;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadProvider;

/** VMmark's standby server as one package: its section {@code workloads.standby}, unscored, never scaled. */
public final class StandbyProvider implements WorkloadProvider<StandbySpec> {

    @Override
    public String name() {
        return "standby";
    }

    @Override
    public Class<StandbySpec> sectionType() {
        return StandbySpec.class;
    }

    /** One heartbeat a second, answered within a second; 99 % of them must be. */
    @Override
    public StandbySpec defaults() {
        return new StandbySpec(true, Duration.ofSeconds(1), Duration.ofSeconds(1), 99);
    }

    @Override
    public Workload workload() {
        return new StandbyWorkload();
    }

    /** VMmark 2's standby server: 1 vCPU / 512 MB; it keeps nothing on its disk. */
    @Override
    public List<RoleTemplate> roles() {
        return List.of(new RoleTemplate(StandbyRole.NAME, "Standby", new VmSize(1, 512, 2), List.of(RoleTemplate.MAIN_PORT),
                true, true));
    }

    @Override
    public void validate(StandbySpec standby, SectionChecks checks) {
        checks.positive("interval", standby.interval());
        checks.positive("timeout", standby.timeout());
    }

    /** A later answer counts as a beat answered: a longer timeout is a looser rule, a smaller share too. */
    @Override
    public Publishing publishing() {
        return new Publishing(List.of(), List.of("timeout"), List.of("minAnsweredPercent"));
    }

    /** The report's line: "standby: 60 of 60 beats answered within 1 s (100 %), QoS pass". */
    @Override
    public View view() {
        return new View(Optional.empty(), Optional.of(new AnsweredSummary("beats", "timeout")), Optional.empty());
    }
}
