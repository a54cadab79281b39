package org.tilemark.workloads.olio;

import java.util.List;
import java.util.Map;
import org.tilemark.config.MachineChecks;
import org.tilemark.config.SectionChecks;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.VmSize;
import org.tilemark.workloads.YamlDefaultsProvider;
import org.tilemark.workloads.olio.db.OlioDbRole;
import org.tilemark.workloads.olio.web.OlioWebRole;

/** Olio as one package: its section {@code workloads.olio} (defaults in {@code defaults.yaml} beside it). */
public final class OlioProvider extends YamlDefaultsProvider<OlioSpec> {

    private static final List<String> MAIN = List.of(RoleTemplate.MAIN_PORT);


    /** VMmark 2's Olio: web 4 vCPU / 6 GB (it stores uploads on its disk), database 2 vCPU / 2 GB. */
    public OlioProvider() {
        super("olio", OlioSpec.class, OlioWorkload::new);
    }

    @Override
    public List<RoleTemplate> roles() {
        return List.of(new RoleTemplate(OlioWebRole.NAME, "Olio web", new VmSize(4, 6144, 10), MAIN, false, true),
                new RoleTemplate(OlioDbRole.NAME, "Olio database", new VmSize(2, 2048, 10), MAIN, false, true));
    }

    @Override
    public void validate(OlioSpec olio, SectionChecks checks) {
        checks.atLeast("users", olio.users(), 1);
        checks.positive("cycleTime", olio.cycleTime());
        checks.atLeast("maxCycleFactor", olio.maxCycleFactor(), 1.0);
        checks.atLeast("loadedUsersPerUser", olio.loadedUsersPerUser(), 1);
        checks.atLeast("minLoadedUsers", olio.minLoadedUsers(), 1);
        checks.notBlank("dbUsername", olio.dbUsername());
        checks.atLeast("poolSize", olio.poolSize(), 1);
        checks.positive("referenceOpsPerSecond", olio.referenceOpsPerSecond());
        checks.qos("qos", olio.qos());
        checks.knownKeys("qos.limits", "operation", olio.qos().limits().keySet(), OlioSpec.OPERATIONS);
        checks.positive("requestTimeout", olio.requestTimeout());
    }

    @Override
    public OlioSpec atScale(OlioSpec section, double scale) {
        return section.atScale(scale);
    }

    @Override
    public Map<String, Integer> users(OlioSpec section) {
        return Map.of("users", section.users());
    }

    @Override
    public void checkMachine(OlioSpec section, MachineChecks checks) {
        checks.secretFile("passwordFile", section.passwordFile());
    }

    /** The database login is the tester's; the mix and cycle-time checks' tolerances may only narrow. */
    @Override
    public Publishing publishing() {
        return new Publishing(List.of("dbUsername", "passwordEnv", "passwordFile"),
                List.of("mixTolerancePercent", "mixToleranceFloorPoints", "cycleTimeTolerancePercent"), List.of());
    }
}
