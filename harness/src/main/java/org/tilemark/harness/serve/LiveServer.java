package org.tilemark.harness.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.PrintStream;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.harness.run.MetricsPublisher;
import org.tilemark.harness.run.RunListener;
import org.tilemark.harness.search.SearchListener;

/**
 * {@code tilemark serve} and {@code run --serve}: the web app on {@code serve.address}:{@code serve.port}
 * with the live run page, the results list, the REST API and {@code /metrics}. Prints the URL to open,
 * with the access token, once at start; nothing else it writes or serves holds the token.
 */
public final class LiveServer implements AutoCloseable {

    private final ConfigurableApplicationContext context;
    private final LiveState live;
    private final Stop stop;
    private final int port;

    private LiveServer(ConfigurableApplicationContext context, LiveState live, Stop stop) {
        this.context = context;
        this.live = live;
        this.stop = stop;
        this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    /**
     * Starts the web app over the bundles in {@code run.results}; fails (a runtime exception naming the
     * cause) when the address or port cannot be bound.
     */
    public static LiveServer start(BenchmarkSpec spec, Map<String, String> environment, PrintStream out) {
        ServeToken token = ServeToken.of(spec, environment);
        ObjectMapper json = new ObjectMapper();
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        LiveState live = new LiveState(new MetricsPublisher(registry), json);
        Stop stop = new Stop();
        Map<String, Object> properties = Map.of(
                "server.address", spec.serve().address(),
                "server.port", Integer.toString(spec.serve().port()),
                "spring.web.resources.static-locations", "classpath:/tilemark-serve/",
                "spring.main.banner-mode", "off",
                "spring.jmx.enabled", "false",
                "logging.level.root", "WARN");
        ConfigurableApplicationContext context = new SpringApplicationBuilder(ServeApplication.class)
                .bannerMode(Banner.Mode.OFF)
                .logStartupInfo(false)
                .registerShutdownHook(false)
                .properties(properties)
                .initializers(ctx -> {
                    var beans = ctx.getBeanFactory();
                    beans.registerSingleton("bundleIndex", new BundleIndex(spec.run().results()));
                    beans.registerSingleton("liveState", live);
                    // Each as its own type: Stop is both, and would be two candidates for either.
                    beans.registerSingleton("runControl", (RunControl) stop::stop);
                    beans.registerSingleton("runLauncher", (RunLauncher) stop::launch);
                    beans.registerSingleton("prometheusRegistry", registry);
                    beans.registerSingleton("json", json);
                    beans.registerSingleton("serveToken", token);
                    beans.registerSingleton("tokenFilter", new TokenFilter(token, json));
                })
                .run();
        LiveServer server = new LiveServer(context, live, stop);
        out.println("[serve] open http://" + host(spec.serve().address()) + ":" + server.port() + "/?"
                + TokenFilter.QUERY_PARAMETER + "=" + token.reveal() + "  (the token is in " + where(spec, environment) + ")");
        return server;
    }

    /** Where the run tells what it measures. */
    public RunListener listener() {
        return live;
    }

    /** Where a search tells its steps ({@code search --serve}); its steps' runs tell through it as well. */
    public SearchListener searchListener() {
        return live;
    }

    /** What {@code POST /api/run/stop} does from now on. */
    public void control(RunControl control) {
        stop.delegate = control;
    }

    /** What {@code POST /api/run} does from now on ({@code tilemark serve}: start a run; by default nothing). */
    public void launcher(RunLauncher launcher) {
        stop.launcher = launcher;
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        stop.delegate = RunControl.NONE;
        stop.launcher = RunLauncher.NONE;
        live.close();
        context.close();
    }

    private static String host(String address) {
        return address.contains(":") ? "[" + address + "]" : address;
    }

    private static String where(BenchmarkSpec spec, Map<String, String> environment) {
        if (spec.serve().tokenFile() != null) {
            return spec.serve().tokenFile().toString();
        }
        return environment.containsKey(spec.serve().tokenEnv()) ? "$" + spec.serve().tokenEnv()
                : spec.run().stateDir().resolve("secrets").resolve(ServeToken.SECRET_NAME).toString();
    }

    /**
     * The stop and start actions, set once the run (or what starts runs) exists: it needs the server's
     * listener first.
     */
    private static final class Stop implements RunControl, RunLauncher {
        private volatile RunControl delegate = RunControl.NONE;
        private volatile RunLauncher launcher = RunLauncher.NONE;

        @Override
        public boolean stop() {
            return delegate.stop();
        }

        @Override
        public boolean launch(RunRequest request) throws org.tilemark.config.ConfigException {
            return launcher.launch(request);
        }
    }
}
