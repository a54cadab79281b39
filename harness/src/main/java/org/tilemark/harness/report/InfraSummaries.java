package org.tilemark.harness.report;

import org.tilemark.harness.bundle.InfraOpLine;

import org.tilemark.harness.bundle.ScoreFile;
import org.tilemark.harness.bundle.IntervalLine;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The numbers of the infrastructure section: per measured phase × operation type (the scorer's
 * when score.json has them, else counted from infra-ops.jsonl), and per type over the whole run.
 */
final class InfraSummaries {
    private InfraSummaries() {
    }

    record PhaseRow(String operation, long completed, long failed, double opsPerHour,
                    double referenceOpsPerHour, double normalized) {
    }

    /** {@code infrastructure} is the phase's infrastructure score, NaN when not scored. */
    record Phase(int phase, double infrastructure, List<PhaseRow> rows, boolean fromScore) {
    }

    /** Durations are of succeeded operations only, so fast failures cannot flatter them; NaN when none recorded. */
    record TypeStats(String operation, int count, int failed, double durationMeanMs, double durationP95Ms,
                     double stunMeanMs, double stunMaxMs, double downtimeMeanMs, double downtimeMaxMs,
                     double bytesMoved) {
    }

    /** Every measured phase the bundle knows of, from score.json, the intervals or the operations. */
    static List<Phase> phases(BundleContents contents) {
        Map<Integer, ScoreFile.Phase> scored = new TreeMap<>();
        contents.score().ifPresent(score -> score.phases().forEach(p -> scored.put(p.phase(), p)));
        SortedSet<Integer> numbers = new TreeSet<>(scored.keySet());
        for (int phase = 1; phase <= contents.phaseCount(); phase++) {
            numbers.add(phase);
        }
        contents.infraOps().operations().stream().filter(op -> op.phase() > 0)
                .forEach(op -> numbers.add(op.phase()));
        List<Phase> result = new ArrayList<>();
        for (int phase : numbers) {
            ScoreFile.Phase node = scored.get(phase);
            double infrastructure = node == null || node.infrastructure() == null ? Double.NaN : node.infrastructure();
            result.add(node != null && node.infraOperations() != null
                    ? new Phase(phase, infrastructure, scoredRows(node.infraOperations()), true)
                    : new Phase(phase, infrastructure, countedRows(contents, phase), false));
        }
        return result;
    }

    private static List<PhaseRow> scoredRows(List<ScoreFile.InfraOperation> operations) {
        List<PhaseRow> rows = new ArrayList<>();
        operations.forEach(op -> rows.add(new PhaseRow(op.operation(), op.completed(), op.failed(), op.opsPerHour(),
                op.referenceOpsPerHour(), op.normalized())));
        rows.sort(Comparator.comparing(PhaseRow::operation, InfraTypes.TYPE_ORDER));
        return rows;
    }

    /** Without the scorer's numbers: completed per hour of the phase's measured intervals; no reference. */
    private static List<PhaseRow> countedRows(BundleContents contents, int phase) {
        double hours = phaseHours(contents.intervals(), phase);
        Map<String, long[]> counts = new TreeMap<>(InfraTypes.TYPE_ORDER);
        contents.infraOps().operations().stream().filter(op -> op.phase() == phase)
                .forEach(op -> counts.computeIfAbsent(op.operation(), t -> new long[2])[op.failed() ? 1 : 0]++);
        List<PhaseRow> rows = new ArrayList<>();
        counts.forEach((type, n) -> rows.add(new PhaseRow(type, n[0], n[1],
                hours > 0 ? n[0] / hours : Double.NaN, Double.NaN, Double.NaN)));
        return rows;
    }

    /** From the first measured interval's start to the last one's end; NaN without intervals. */
    private static double phaseHours(List<IntervalLine> intervals, int phase) {
        List<IntervalLine> measured = intervals.stream().filter(i -> !i.warmup() && i.phase() == phase)
                .toList();
        if (measured.isEmpty()) {
            return Double.NaN;
        }
        Instant first = measured.stream().map(IntervalLine::startsAt).min(Comparator.naturalOrder()).orElseThrow();
        Instant last = measured.stream().map(InfraSummaries::endOf).max(Comparator.naturalOrder()).orElseThrow();
        return Duration.between(first, last).toMillis() / 3_600_000.0;
    }

    static Instant endOf(IntervalLine interval) {
        return interval.endsAt() != null ? interval.endsAt() : interval.startsAt().plusMillis(interval.durationMs());
    }

    /** Per operation type over the whole run, including operations outside the measured phases. */
    static List<TypeStats> byType(List<InfraOpLine> operations) {
        Map<String, List<InfraOpLine>> byType = new TreeMap<>(InfraTypes.TYPE_ORDER);
        operations.forEach(op -> byType.computeIfAbsent(op.operation(), t -> new ArrayList<>()).add(op));
        List<TypeStats> result = new ArrayList<>();
        byType.forEach((type, ops) -> {
            List<InfraOpLine> succeeded = ops.stream().filter(op -> !op.failed()).toList();
            double[] durations = values(succeeded, op -> (double) op.spanMs());
            double[] stuns = values(ops, op -> InfraTypes.orNaN(op.stunMs()));
            double[] downtimes = values(ops, op -> InfraTypes.orNaN(op.downtimeMs()));
            result.add(new TypeStats(type, ops.size(), ops.size() - succeeded.size(), mean(durations),
                    percentile(durations, 95), mean(stuns), max(stuns), mean(downtimes), max(downtimes),
                    sum(values(ops, op -> InfraTypes.orNaN(op.bytesMoved())))));
        });
        return result;
    }

    /** The recorded (non-NaN) values, sorted. */
    private static double[] values(List<InfraOpLine> ops, ToDoubleFunction<InfraOpLine> field) {
        return ops.stream().mapToDouble(field).filter(v -> !Double.isNaN(v)).sorted().toArray();
    }

    private static double mean(double[] values) {
        return values.length == 0 ? Double.NaN : Arrays.stream(values).average().orElseThrow();
    }

    private static double sum(double[] values) {
        return values.length == 0 ? Double.NaN : Arrays.stream(values).sum();
    }

    private static double max(double[] sorted) {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }

    /** Nearest-rank percentile of sorted values: an observed value, never an interpolated one. */
    static double percentile(double[] sorted, double percent) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }
}
