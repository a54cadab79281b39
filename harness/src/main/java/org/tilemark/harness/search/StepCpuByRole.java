package org.tilemark.harness.search;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.tilemark.harness.bundle.BundleReader;
import org.tilemark.harness.bundle.VmProfileTotals;

/**
 * Where a step's load went: the CPU cores each VM role used, summed over the step's tiles and averaged over its
 * measured phases, from the platform's VM meter ({@code vm-profile.jsonl}: the search's own for a one-run step, the
 * step's run's for a series step). The scaling table says at how many tiles the cluster runs out; this says which
 * tier grew into it.
 *
 * @param coresByRole role -> cores, for the roles the meter measured CPU for
 */
record StepCpuByRole(SearchStep step, Map<String, Double> coresByRole) {

    StepCpuByRole {
        coresByRole = Map.copyOf(coresByRole);
    }

    /** Every VM role's cores together. */
    double allVms() {
        return coresByRole.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /**
     * The steps whose bundle holds a VM profile of their phases; a step without one (a platform with no meter, a bundle
     * written before it, a profile that cannot be read as text) has no row. {@code searchDirectory} holds the one-run
     * steps' profile.
     */
    static List<StepCpuByRole> of(List<SearchStep> steps, Path searchDirectory) {
        Map<Path, List<VmProfileTotals.Phase>> profiles = new HashMap<>();
        List<StepCpuByRole> rows = new ArrayList<>();
        for (SearchStep step : steps) {
            Path bundle;
            List<Integer> phases;
            switch (step.measured()) {
                case SearchStep.OwnRun(Optional<Path> own) when own.isPresent() -> {
                    bundle = own.get();
                    phases = List.of();
                }
                case SearchStep.OwnRun own -> {
                    continue; // a series step whose run wrote no bundle
                }
                case SearchStep.SearchPhases(List<Integer> of) -> {
                    bundle = searchDirectory;
                    phases = of;
                }
            }
            if (!profiles.containsKey(bundle)) {
                profiles.put(bundle, read(bundle));
            }
            Map<String, Double> cores = cores(profiles.get(bundle), phases);
            if (!cores.isEmpty()) {
                rows.add(new StepCpuByRole(step, cores));
            }
        }
        return rows;
    }

    /** The roles of every row, in name order: the table's columns. */
    static Set<String> roles(List<StepCpuByRole> rows) {
        Set<String> roles = new TreeSet<>();
        rows.forEach(row -> roles.addAll(row.coresByRole().keySet()));
        return roles;
    }

    /** The bundle's VM profile per phase and VM; none where it cannot be read (the table is the report's least part). */
    private static List<VmProfileTotals.Phase> read(Path bundle) {
        try {
            return BundleReader.of(bundle).vmProfileTotals().map(VmProfileTotals.Read::phases).orElse(List.of());
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Per role, the mean over {@code phases} (every measured one where empty) of the cores its VMs used together. */
    private static Map<String, Double> cores(List<VmProfileTotals.Phase> profile, List<Integer> phases) {
        Map<Integer, Map<String, Double>> byPhase = new TreeMap<>();
        for (VmProfileTotals.Phase vm : profile) {
            if ((phases.isEmpty() || phases.contains(vm.phase())) && vm.cpuSeconds() != null && vm.seconds() > 0) {
                byPhase.computeIfAbsent(vm.phase(), p -> new TreeMap<>()).merge(vm.role(), vm.cpuSeconds() / vm.seconds(), Double::sum);
            }
        }
        Map<String, Double> mean = new TreeMap<>();
        byPhase.values().forEach(roles -> roles.forEach((role, cores) -> mean.merge(role, cores / byPhase.size(), Double::sum)));
        return mean;
    }
}
