package org.tilemark.harness.search;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.ConfigWriter;
import org.tilemark.harness.bundle.SearchFile;

/** A search's steps and outcome as the bundle's records of search-config.json, steps.jsonl and search.json. */
final class SearchFiles {

    /** The level of the steps' confidence intervals (the run's score interval). */
    private static final double CONFIDENCE_LEVEL = 0.95;

    private SearchFiles() {
    }

    static SearchFile.Config config(BenchmarkSpec base, String searchId) {
        return new SearchFile.Config(searchId, ConfigWriter.toMap(base));
    }

    static SearchFile.Step step(SearchStep s, Path searchDirectory) {
        SearchFile.Confidence confidence = Double.isNaN(s.confidenceLow()) ? null
                : new SearchFile.Confidence(s.confidenceLow(), s.confidenceHigh(), CONFIDENCE_LEVEL);
        return new SearchFile.Step(s.number(), s.tiles(), s.repeat(), s.verdict(), number(s.score()), number(s.application()),
                number(s.infrastructure()), number(s.clusterCpu()), s.harnessCpu().orElse(null), confidence, s.reasons(),
                s.measured() instanceof SearchStep.OwnRun(Optional<Path> bundle)
                        ? bundle.map(b -> searchDirectory.relativize(b).toString()).orElse(null) : null);
    }

    /** A one-run search's step: its row, and the run's phases it was scored from. */
    static SearchFile.Step step(SearchStep s, LoadPath.Step measured) {
        SearchFile.Step row = step(s, Path.of(""));
        return new SearchFile.Step(row.step(), row.tiles(), row.repeat(), row.verdict(), row.score(), row.application(),
                row.infrastructure(), row.clusterCpuPercent(), row.harnessCpu(), row.confidence(), row.reasons(), null,
                s.measured() instanceof SearchStep.SearchPhases(List<Integer> phases) ? phases : List.of(), measured.remeasure());
    }

    /** A step's row as the bundle recorded it, for a report rebuilt from search.json. */
    static SearchStep searchStep(SearchFile.Step s, Path searchDirectory) {
        SearchFile.Confidence ci = s.confidence();
        return new SearchStep(s.step(), s.tiles(), s.repeat(), s.verdict(), SearchStep.number(s.score()), SearchStep.number(s.application()),
                SearchStep.number(s.infrastructure()), SearchStep.number(s.clusterCpuPercent()), Optional.ofNullable(s.harnessCpu()),
                ci == null ? Double.NaN : ci.low(), ci == null ? Double.NaN : ci.high(), s.reasons(),
                s.inOneRun() ? new SearchStep.SearchPhases(s.phases())
                        : new SearchStep.OwnRun(Optional.ofNullable(s.bundle()).map(searchDirectory::resolve)));
    }

    static SearchFile result(SearchOutcome outcome, Path searchDirectory) {
        return result(outcome, outcome.steps().stream().map(s -> step(s, searchDirectory)).toList());
    }

    static SearchFile result(SearchOutcome outcome, List<SearchFile.Step> steps) {
        return new SearchFile(outcome.maxTiles().isPresent() ? outcome.maxTiles().getAsInt() : null,
                number(outcome.peak().map(SearchStep::score).orElse(OptionalDouble.empty())), outcome.tileScale(),
                outcome.headline(), outcome.explanation(), outcome.cappedAtMax(), outcome.failure().orElse(null),
                steps, outcome.confirmation().orElse(null));
    }

    private static Double number(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }
}
