package org.tilemark.harness.cli;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.springframework.stereotype.Component;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigException;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.harness.search.SearchListener;
import org.tilemark.harness.search.SearchRun;
import org.tilemark.harness.serve.LiveServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Component
@Command(name = "search", mixinStandardHelpOptions = true,
        description = {"Find the maximum tiles the cluster sustains with every workload and infrastructure operation "
                + "passing QoS, in one run whose tile count changes between phases: add tiles while steps pass and the "
                + "score improves (search.growthPercent: 25 % and at least a tile; a series doubles), then bisect between the last pass and the first failure (a failed step is "
                + "measured once more), then verify the maximum with a longer phase (search.*). --tiles sets the first "
                + "tile count; --series runs a series of runs instead; --confirm ends with an ordinary run at the "
                + "maximum found."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:a maximum was found (and, with --confirm, its run was compliant)",
                "1:no tile count passed (or, with --confirm, its run was not compliant)", "2:bad input", "3:platform or runtime failure"})
class SearchCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions config;

    @Option(names = "--quick", description = "shorter steps: search.quick's phases, phase duration and warm-up "
            + "(unless given with --phases, --phase-duration, --warmup)")
    boolean quick;

    @Option(names = "--max-tiles", paramLabel = "N", description = "never try more tiles than this (search.maxTiles)")
    String maxTiles;

    @Option(names = "--serve", description = "serve the live page (each step's run, the steps so far, the scaling chart), "
            + "REST API and /metrics while the search goes (serve.*; docs/serve.md)")
    boolean serve;

    @Option(names = "--series", description = "a series of runs, one per step, each with its own bundle (the search "
            + "before tiles joined a running benchmark), instead of one run whose tile count changes between phases")
    boolean series;

    @Option(names = "--confirm", description = "after the search, one ordinary run at the maximum found, with the "
            + "configuration's own run shape (its profile: --profile standard for a publishable result; not --quick's "
            + "shorter steps), its own bundle linked with the search's")
    boolean confirm;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        Map<String, String> searchSettings = new LinkedHashMap<>();
        if (config.tiles != null) {
            searchSettings.put("search.startTiles", config.tiles);
        }
        if (maxTiles != null) {
            searchSettings.put("search.maxTiles", maxTiles);
        }
        SearchPlan plan;
        try {
            plan = SearchPlan.of(config::load, searchSettings, !quick ? null
                    : new SearchPlan.QuickShape(config.phases != null, config.phaseDuration != null, config.warmup != null),
                    confirm);
        } catch (ConfigException e) {
            e.errors().forEach(error -> System.err.println("error: " + error));
            return RunOutcome.BAD_INPUT;
        }
        BenchmarkSpec base = plan.base();
        Optional<LiveServer> server = serve ? Serving.start(base, out, System.err) : Optional.empty();
        if (serve && server.isEmpty()) {
            return RunOutcome.BAD_INPUT;
        }
        SearchRun search = new SearchRun(out, System.err, System.getenv(), plan.steps(),
                server.map(LiveServer::searchListener).orElse(SearchListener.NONE)).inOneRun(!series);
        if (confirm) {
            search.confirming(plan.runs());
        }
        server.ifPresent(s -> s.control(InterruptibleRun.webStop(out, search)));
        try {
            return InterruptibleRun.whileCtrlCDoes(() -> {
                out.println("\n[abort] stopping the current step (its measured intervals are kept) and the search ...");
                search.abort();
            }, () -> search.run(base));
        } finally {
            server.ifPresent(LiveServer::close);
        }
    }
}
