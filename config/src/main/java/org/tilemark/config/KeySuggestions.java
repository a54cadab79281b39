package org.tilemark.config;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Did-you-mean suggestions for unknown keys, among siblings first and then every known key path. */
final class KeySuggestions {

    private record Candidate(String path, boolean sibling, int distance) {
    }

    private final List<String> knownPaths;

    KeySuggestions(Class<? extends Record> root, PlatformConfigs platforms, WorkloadConfigs workloads) {
        List<String> paths = new ArrayList<>();
        collectPaths(root, "", paths, platforms, workloads);
        this.knownPaths = List.copyOf(paths);
    }

    /** Every key path the records define (map-typed fields are leaves: their keys are free). */
    List<String> knownPaths() {
        return knownPaths;
    }

    /**
     * The closest known path for {@code unknownKey} found under {@code parentPath} ("" at the top level),
     * if one is close enough to be a plausible typo or misplacement.
     */
    Optional<String> suggest(String parentPath, String unknownKey) {
        String wanted = normalize(unknownKey);
        int maxDistance = maxDistance(wanted);
        return knownPaths.stream()
                .map(path -> new Candidate(path, parentOf(path).equals(parentPath),
                        distance(wanted, normalize(lastSegment(path)))))
                .filter(candidate -> candidate.distance() <= maxDistance)
                .min(Comparator.comparingInt(Candidate::distance)
                        .thenComparing(candidate -> !candidate.sibling())
                        // A key moved one section down (cluster.hosts -> cluster.local.hosts) stays nearby.
                        .thenComparing(candidate -> parentPath.isEmpty() || !candidate.path().startsWith(parentPath + "."))
                        // Then the shallowest; among equals the first declared (min keeps the first).
                        .thenComparingInt(candidate -> depth(candidate.path())))
                .map(Candidate::path);
    }

    /**
     * The candidate closest to {@code unknown} (a free map key such as an action name), if close enough
     * to be a plausible typo; ties go to the earlier candidate.
     */
    static Optional<String> closest(String unknown, Collection<String> candidates) {
        String wanted = normalize(unknown);
        int maxDistance = maxDistance(wanted);
        return candidates.stream()
                .filter(candidate -> distance(wanted, normalize(candidate)) <= maxDistance)
                .min(Comparator.comparingInt(candidate -> distance(wanted, normalize(candidate))));
    }

    /** Short keys allow one edit, longer ones up to three. */
    private static int maxDistance(String normalizedKey) {
        return normalizedKey.length() <= 4 ? 1 : normalizedKey.length() <= 8 ? 2 : 3;
    }

    private static void collectPaths(Class<?> type, String prefix, List<String> paths, PlatformConfigs platforms,
            WorkloadConfigs workloads) {
        for (RecordComponent component : type.getRecordComponents()) {
            if (component.isAnnotationPresent(PlatformSection.class)) {
                for (PlatformConfig<?> platform : platforms.all()) {
                    String path = join(prefix, platform.name());
                    paths.add(path);
                    collectPaths(platform.sectionType(), path, paths, platforms, workloads);
                }
                continue;
            }
            if (component.isAnnotationPresent(WorkloadSections.class)) {
                for (WorkloadConfig<?> workload : workloads.all()) {
                    String path = join(prefix, workload.name());
                    paths.add(path);
                    collectPaths(workload.sectionType(), path, paths, platforms, workloads);
                }
                continue;
            }
            String path = join(prefix, component.getName());
            paths.add(path);
            if (component.getType().isRecord()) {
                collectPaths(component.getType(), path, paths, platforms, workloads);
            }
        }
    }

    private static String join(String prefix, String key) {
        return prefix.isEmpty() ? key : prefix + "." + key;
    }

    private static int depth(String path) {
        return (int) path.chars().filter(c -> c == '.').count();
    }

    static String parentOf(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }

    private static String lastSegment(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    /** Case and separators do not matter: phase_duration, phase-duration and PhaseDuration all mean phaseDuration. */
    private static String normalize(String key) {
        return key.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    }

    /** Optimal string alignment distance: edits plus adjacent transpositions, so "tiels" is one step from "tiles". */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
