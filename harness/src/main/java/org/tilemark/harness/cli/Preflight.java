package org.tilemark.harness.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.config.ConfigLoader;
import org.tilemark.config.JdbcUrls;
import org.tilemark.config.MailSpec;
import org.tilemark.config.Messages;
import org.tilemark.harness.run.RunOrchestrator;

/**
 * What every command that uses a configuration checks before it starts, and {@code validate} checks
 * the same way: the paths and bounds of this machine, the checks a run makes before it creates anything
 * ({@link RunOrchestrator#preflight}), and that every external server configured answers. Creates nothing.
 */
final class Preflight {

    private static final int CONNECT_TIMEOUT_MS = 2000;

    private Preflight() {
    }

    static BenchmarkSpec check(BenchmarkSpec spec) throws ConfigException {
        List<String> errors = new ArrayList<>(ConfigLoader.machineErrors(spec));
        errors.addAll(RunOrchestrator.preflight(spec));
        if (errors.isEmpty()) {
            reachable(spec, errors);
        }
        if (!errors.isEmpty()) {
            throw new ConfigException(errors);
        }
        return spec;
    }

    /** External servers: a run would fail on them after the results bundle exists, so they are input. */
    private static void reachable(BenchmarkSpec spec, List<String> errors) {
        var dvdstore = spec.workloads().dvdstore();
        if (dvdstore.enabled() && !dvdstore.database().jdbcUrl().isBlank()) {
            JdbcUrls.server(dvdstore.database().jdbcUrl()).ifPresent(server ->
                    connect("workloads.dvdstore.database.jdbcUrl", server, errors));
        }
        MailSpec mail = spec.workloads().mail();
        if (mail.enabled() && !mail.smtpUrl().isBlank()) {
            int before = errors.size();
            hostPort(mail.smtpUrl()).ifPresent(server -> connect("workloads.mail.smtpUrl", server, errors));
            if (errors.size() == before) { // one server is usually both: say it once
                hostPort(mail.imapUrl()).ifPresent(server -> connect("workloads.mail.imapUrl", server, errors));
            }
        }
    }

    private static Optional<InetSocketAddress> hostPort(String url) {
        try {
            URI uri = new URI(url.strip());
            return uri.getHost() == null || uri.getPort() < 1 ? Optional.empty()
                    : Optional.of(InetSocketAddress.createUnresolved(uri.getHost(), uri.getPort()));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    private static void connect(String key, InetSocketAddress server, List<String> errors) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(server.getHostString(), server.getPort()), CONNECT_TIMEOUT_MS);
        } catch (IOException e) {
            errors.add(key + ": " + Messages.clip(server.getHostString()) + ":" + server.getPort() + " does not answer ("
                    + e.getClass().getSimpleName() + ")");
        }
    }
}
