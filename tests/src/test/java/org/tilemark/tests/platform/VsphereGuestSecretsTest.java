package org.tilemark.tests.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tilemark.config.ConfigLoader;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.Platforms;
import org.tilemark.infra.platform.TemplateRequest;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmSpec;
import org.tilemark.templates.RoleCatalog;
import org.tilemark.templates.RoleTemplate;
import org.tilemark.templates.TemplateId;
import org.tilemark.templates.guest.GuestConfig;
import org.tilemark.templates.guest.GuestDocumentFile;
import org.tilemark.templates.guest.ReadinessReport;
import org.tilemark.templates.guest.SecretFetch;
import org.tilemark.templates.guest.SecretSource;
import org.tilemark.templates.image.NoCloudSeed;
import org.tilemark.tests.lanes.VcsimLane;

/**
 * No secret readable through vCenter once a VM is ready (issue 38, scope 2), on vcsim with readiness {@code guest} and this
 * test in the guest's place (vcsim boots no guest): the guest config in {@code guestinfo.tilemark.config} carries no
 * secret, only where to fetch them (the harness's HTTPS endpoint on {@code cluster.bindAddress}, a one-time token, the
 * endpoint certificate's SHA-256); the guest's own fetch ({@link SecretFetch}, what {@code GuestMain} calls) gets them
 * once over TLS, trusting that certificate only; what an administrator reads with govc ({@code vm.info -e}, and
 * {@code object.collect}: a RetrievePropertiesEx of every property of the VM) then holds no secret and no token that
 * still works.
 */
@VcsimLane // waits on vcsim, beside the local runs
class VsphereGuestSecretsTest {

    private static final Path DIR = Path.of("target", "vsphere-secrets").toAbsolutePath();
    private static final String PASSWORD = "Vcsim-Secrets-" + Long.toHexString(System.nanoTime());
    private static final String DB_PASSWORD = "Db-Pass-" + Long.toHexString(System.nanoTime());
    private static final RoleTemplate STANDBY = RoleCatalog.forRole("standby");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Generous: vcsim shares the cores with the suite's other lanes (guests under emulation, local runs). */
    private static final Duration PATIENCE = Duration.ofMinutes(5);
    private static VcsimServer vcsim;

    @BeforeAll
    static void startVcsim() throws Exception {
        vcsim = VcsimServer.start(DIR.resolve("vcsim"), PASSWORD, 2, List.of());
    }

    @AfterAll
    static void stopVcsim() throws Exception {
        if (vcsim != null) {
            vcsim.close();
        }
    }

    @Test
    void theGuestFetchesItsSecretsOnceAndNothingVcenterKeepsOpensThemAfterItIsReady() throws Exception {
        Map<String, String> settings = vcsim.clusterSettings(DIR);
        settings.put("cluster.vsphere.readiness", "guest");
        String runId = "secrets-" + Long.toHexString(System.nanoTime());
        SecretSource used;
        try (Platform platform = Platforms.create(ConfigLoader.load(Optional.empty(), settings).cluster())) {
            var template = platform.ensureTemplate(new TemplateRequest(STANDBY, new TemplateId("standby", Map.of()), Map.of(), Map.of(),
                    Duration.ofMinutes(1)));
            Vm vm = platform.deploy(new VmSpec("secret", runId, 1, template, STANDBY, platform.inventory().hosts().getFirst().name(),
                    "app", Map.of(), Map.of("database.password", DB_PASSWORD)));
            String path = "/DC0/vm/tm-" + runId + "-secret";
            assertThat(vcsim.govc("vm.info", "-e", path)).as("deployed, powered off").contains("tilemark.run").doesNotContain(DB_PASSWORD);

            // First boot: the guest's fetch with a certificate other than the harness's is refused, and leaves the token unused.
            CompletableFuture<Void> first = CompletableFuture.runAsync(() -> powerOn(platform, vm));
            SecretSource source = awaitSource(path, first);
            assertThat(source.url()).startsWith("https://127.0.0.1:").endsWith("/secrets");
            SecretSource impostor = new SecretSource(source.url(), source.token(), "00".repeat(32));
            assertThatThrownBy(() -> SecretFetch.fetch(impostor)).isInstanceOf(IOException.class);
            assertThat(SecretFetch.fetch(source)).isEqualTo(Map.of("database.password", DB_PASSWORD));
            assertThatThrownBy(() -> SecretFetch.fetch(source)).as("a token works once").isInstanceOf(IOException.class)
                    .hasMessageContaining("refused (HTTP 403)");
            ready(path, vm, first);

            // Second boot: a new token (the first one's is spent), revoked once the VM is ready even if nobody used it.
            platform.powerOff(vm, Duration.ZERO);
            CompletableFuture<Void> second = CompletableFuture.runAsync(() -> powerOn(platform, vm));
            used = awaitSource(path, second);
            assertThat(used.token()).isNotEqualTo(source.token());
            ready(path, vm, second);
            assertThatThrownBy(() -> SecretFetch.fetch(used)).as("revoked when the VM is ready").isInstanceOf(IOException.class)
                    .hasMessageContaining("refused (HTTP 403)");

            String extraConfig = vcsim.govc("vm.info", "-e", path);
            String everyProperty = vcsim.govc("object.collect", "-json", path); // RetrievePropertiesEx of the whole VM
            for (String readable : List.of(extraConfig, everyProperty)) {
                assertThat(readable).contains(NoCloudSeed.GUESTINFO_KEY).doesNotContain(DB_PASSWORD).doesNotContain(PASSWORD);
            }
            assertThat(everyProperty).contains(used.token()); // still readable, and spent
            platform.cleanup(runId);
        }
        assertThatThrownBy(() -> SecretFetch.fetch(used)).as("the endpoint closes with the platform").isInstanceOf(IOException.class);
    }

    /**
     * Waits for the VM to be on and its guest config to name where its secrets are: what the guest reads at boot. A
     * power-on that failed ends the wait with its cause (the VM may have been on too briefly to be seen).
     */
    private static SecretSource awaitSource(String path, CompletableFuture<Void> powerOn) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            if (powerOn.isCompletedExceptionally()) {
                powerOn.join(); // throws the power-on's failure
            }
            if (vcsim.govc("object.collect", "-s", path, "runtime.powerState").strip().equals("poweredOn")) {
                GuestConfig config = GuestDocumentFile.CONFIG.fromJson(extraConfig(path, NoCloudSeed.GUESTINFO_KEY));
                assertThat(config.secrets()).as("secrets in guestinfo").isEmpty();
                assertThat(config.secretSource()).isNotNull();
                return config.secretSource();
            }
            Thread.sleep(200);
        }
        throw new AssertionError(path + " not powered on within " + PATIENCE.toMinutes() + " minutes; power-on "
                + (powerOn.isDone() ? "returned" : "still running") + "; vCenter's tasks for it:\n" + vcsim.govc("tasks", path));
    }

    private static String extraConfig(String path, String key) throws Exception {
        JsonNode info = JSON.readTree(vcsim.govc("vm.info", "-e", "-json", path));
        for (JsonNode option : info.path("virtualMachines").path(0).path("config").path("extraConfig")) {
            if (option.path("key").asText().equals(key)) {
                return option.path("value").asText();
            }
        }
        throw new AssertionError("no extraConfig " + key + " on " + path);
    }

    /** The guest's readiness report and the address VMware Tools would report, written as the guest would; powerOn then returns. */
    private static void ready(String path, Vm vm, CompletableFuture<Void> poweredOn) throws Exception {
        String report = GuestDocumentFile.READINESS.toLine(ReadinessReport.ready(vm.name(), "standby", Map.of(STANDBY.ports().getFirst(), 8085), 1));
        vcsim.govc("vm.change", "-vm", path, "-e", NoCloudSeed.GUESTINFO_READINESS_KEY + "=" + report, "-e", "SET.guest.ipAddress=10.1.2.3");
        poweredOn.get(PATIENCE.toMinutes(), TimeUnit.MINUTES);
    }

    private static void powerOn(Platform platform, Vm vm) {
        try {
            platform.powerOn(vm, PATIENCE);
        } catch (PlatformException e) {
            throw new CompletionException(e);
        }
    }
}
