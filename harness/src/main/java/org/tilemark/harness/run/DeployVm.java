package org.tilemark.harness.run;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.infra.ops.DeployTarget;
import org.tilemark.infra.platform.Placement;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Template;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.TemplateId;
import org.tilemark.workloads.SecretSource;
import org.tilemark.workloads.deploy.DeployDbRole;
import org.tilemark.workloads.deploy.DeployJob;

/** The Deploy operation's VM: the {@code deploy} template, and the database job run in each clone. */
final class DeployVm implements DeployTarget {

    private static final RoleTemplate ROLE = RoleCatalog.forRole(DeployDbRole.NAME);

    private final Platform platform;
    private final String runId;
    private final Duration buildTimeout;
    private final Duration jobDuration;
    /** False in an infrastructure-only run: the clone is deployed, powered on and off, no workload runs in it. */
    private final boolean runsJob;
    private final long seed;
    private final String password;
    private volatile Template template;

    DeployVm(Platform platform, String runId, BenchmarkSpec spec, SecretSource secrets) {
        this.platform = platform;
        this.runId = runId;
        this.buildTimeout = spec.run().provisionTimeout();
        this.jobDuration = spec.infra().deploy().jobDuration();
        this.runsJob = !spec.infra().only();
        this.seed = spec.run().seed();
        this.password = secrets.secret("deploy-db-password", DeployDbRole.PASSWORD_ENV, null);
    }

    @Override
    public synchronized Template template() throws PlatformException {
        if (template == null) {
            template = platform.ensureTemplate(new TemplateRequest(ROLE, new TemplateId(ROLE.role(), Map.of()), Map.of(),
                    secrets(), buildTimeout));
        }
        return template;
    }

    @Override
    public VmSpec vm(String name, Template from, Placement where) {
        return new VmSpec(name, runId, 0, from, ROLE, where.host(), where.datastore(), Map.of("deploy.name", name),
                secrets());
    }

    @Override
    public void runJob(Map<String, InetSocketAddress> endpoints) throws Exception {
        if (!runsJob) {
            return;
        }
        InetSocketAddress database = endpoints.get(RoleTemplate.MAIN_PORT);
        if (database == null) {
            throw new IllegalStateException("the deploy VM reported no '" + RoleTemplate.MAIN_PORT + "' endpoint for its job (reported: "
                    + endpoints.keySet() + ")");
        }
        DeployJob.run(database, password, jobDuration, seed);
    }

    private Map<String, String> secrets() {
        return Map.of(DeployDbRole.PASSWORD_ENV, password);
    }
}
