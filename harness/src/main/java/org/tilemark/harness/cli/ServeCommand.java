package org.tilemark.harness.cli;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.springframework.stereotype.Component;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.serve.LiveServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Component
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve the results page, the REST API (which can start and stop runs) and /metrics over the bundles in run.results until Ctrl-C (docs/serve.md).")
class ServeCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Override
    public Integer call() throws InterruptedException {
        var loaded = config.loadOrReport();
        if (loaded.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        Optional<LiveServer> server = Serving.start(loaded.get(), System.out, System.err);
        if (server.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        ServedRuns runs = new ServedRuns(config, server.get(), System.out, System.err, System.getenv());
        server.get().launcher(runs);
        CountDownLatch stopped = new CountDownLatch(1);
        return InterruptibleRun.whileCtrlCDoes(() -> {
            try {
                runs.stopAndAwait(Duration.ofMinutes(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            server.get().close();
            stopped.countDown();
        }, () -> {
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 0;
        });
    }
}
