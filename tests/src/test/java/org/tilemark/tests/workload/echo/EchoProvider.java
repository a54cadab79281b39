package org.tilemark.tests.workload.echo;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.tilemark.config.SectionChecks;
import org.tilemark.config.TileScale;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.VmSize;
import org.tilemark.workloads.Workload;
import org.tilemark.workloads.WorkloadProvider;
import org.tilemark.workloads.guest.GuestRole;

/**
 * A workload that exists only in the tests: one package and one service entry, which is the whole of what
 * adding a workload takes ({@code EchoWorkloadEndToEndTest} runs it in a tile and lists what it needed).
 */
public final class EchoProvider implements WorkloadProvider<EchoSpec> {

    static final String NAME = "echo";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Class<EchoSpec> sectionType() {
        return EchoSpec.class;
    }

    /** Off unless a run turns it on; 10 users a second apart, an echo within 500 ms at p95. */
    @Override
    public EchoSpec defaults() {
        return new EchoSpec(false, 10, Duration.ofSeconds(1), 600, 95, Duration.ofMillis(500), 1, Duration.ofSeconds(5));
    }

    @Override
    public void validate(EchoSpec echo, SectionChecks checks) {
        checks.atLeast("users", echo.users(), 1);
        checks.positive("thinkTime", echo.thinkTime());
        checks.positive("referenceEchoesPerMinute", echo.referenceEchoesPerMinute());
        if (checks.usable("percentile") && !(echo.percentile() > 0 && echo.percentile() < 100)) {
            checks.error("percentile", "must be > 0 and < 100 (got " + SectionChecks.number(echo.percentile()) + ")");
        }
        checks.positive("limit", echo.limit());
        checks.positive("requestTimeout", echo.requestTimeout());
    }

    @Override
    public EchoSpec atScale(EchoSpec echo, double scale) {
        int users = TileScale.users(echo.users(), scale);
        return new EchoSpec(echo.enabled(), users, echo.thinkTime(), TileScale.reference(echo.referenceEchoesPerMinute(),
                echo.users(), users), echo.percentile(), echo.limit(), echo.maxFailurePercent(), echo.requestTimeout());
    }

    @Override
    public Map<String, Integer> users(EchoSpec echo) {
        return Map.of("users", echo.users());
    }

    /** A looser limit or failure share lets more through. */
    @Override
    public Publishing publishing() {
        return new Publishing(List.of(), List.of("limit", "maxFailurePercent"), List.of("percentile"));
    }

    @Override
    public List<RoleTemplate> roles() {
        return List.of(new RoleTemplate(EchoRole.NAME, "Echo server", new VmSize(1, 256, 1), List.of(RoleTemplate.MAIN_PORT),
                true, true));
    }

    @Override
    public List<GuestRole> guestRoles() {
        return List.of(new EchoRole());
    }

    @Override
    public Workload workload() {
        return new EchoWorkload();
    }
}
