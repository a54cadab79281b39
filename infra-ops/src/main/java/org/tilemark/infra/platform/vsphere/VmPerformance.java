package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.tilemark.infra.platform.Vm;
import org.tilemark.infra.platform.VmResourceMeter;
import org.tilemark.infra.platform.VmResources;

/**
 * The vSphere platform's measure of a VM: vCenter's PerformanceManager, real-time samples (one per 20 s) of
 * {@code cpu.used.summation} (ms of CPU per sample), {@code mem.consumed.average} (KB), {@code virtualDisk}
 * {@code numberReadAveraged}/{@code numberWriteAveraged} (requests/s) and {@code read}/{@code write} (KB/s), and
 * {@code net.received}/{@code net.transmitted} (KB/s), every instance (each virtual disk and NIC; the aggregate
 * instance where vCenter gives one). Each sample is added once, by its timestamp, rate × its interval, so the
 * totals only grow; they follow the VM across hosts, as vCenter's counters do. Coarse: a 10 s interval sees a
 * 20 s sample or none. vcsim's values are made up (and differ on every query): there this shows the calls only.
 */
final class VmPerformance implements VmResourceMeter {

    private enum Counter {
        CPU_USED("cpu", "used", "summation"), MEMORY("mem", "consumed", "average"),
        READ_OPS("virtualDisk", "numberReadAveraged", "average"), READ_KBPS("virtualDisk", "read", "average"),
        WRITE_OPS("virtualDisk", "numberWriteAveraged", "average"), WRITE_KBPS("virtualDisk", "write", "average"),
        RECEIVED_KBPS("net", "received", "average"), SENT_KBPS("net", "transmitted", "average");

        final String group;
        final String name;
        final String rollup;

        Counter(String group, String name, String rollup) {
            this.group = group;
            this.name = name;
            this.rollup = rollup;
        }

        String dotted() {
            return group + "." + name + "." + rollup;
        }
    }

    /** One VM's totals so far, and the newest sample added. */
    private static final class Totals {
        final EnumMap<Counter, Double> sums = new EnumMap<>(Counter.class);
        Instant newest;
        Long memoryBytes;
    }

    private final Vim vim;
    private final Mor manager;
    private final Map<Counter, String> keys;
    private final Function<Vm, Optional<Mor>> vms;
    private final Instant since;
    private final Map<String, Totals> totals = new HashMap<>();

    private VmPerformance(Vim vim, Mor manager, Map<Counter, String> keys, Function<Vm, Optional<Mor>> vms, Instant since) {
        this.vim = vim;
        this.manager = manager;
        this.keys = keys;
        this.vms = vms;
        this.since = since;
    }

    /** The meter, with the counters this vCenter has; empty where it has none of them or refuses the question. */
    static Optional<VmResourceMeter> find(Vim vim, Function<Vm, Optional<Mor>> vms) {
        try {
            Mor manager = vim.performanceManager();
            Node counters = vim.one(manager, List.of("perfCounter")).props().get("perfCounter");
            Map<Counter, String> keys = new EnumMap<>(Counter.class);
            for (Node counter : counters == null ? List.<Node>of() : counters.children()) {
                String group = counter.child("groupInfo").flatMap(g -> g.text("key")).orElse("");
                String name = counter.child("nameInfo").flatMap(n -> n.text("key")).orElse("");
                String rollup = counter.text("rollupType").orElse("");
                for (Counter c : Counter.values()) {
                    if (c.group.equals(group) && c.name.equals(name) && c.rollup.equals(rollup)) {
                        counter.text("key").ifPresent(key -> keys.put(c, key));
                    }
                }
            }
            return keys.isEmpty() ? Optional.empty() : Optional.of(new VmPerformance(vim, manager, keys, vms, vim.currentTime()));
        } catch (VimFault | IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public String source() {
        return "vCenter PerformanceManager real-time samples (20 s): " + String.join(", ",
                keys.keySet().stream().map(Counter::dotted).toList());
    }

    @Override
    public Map<String, String> notMeasured() {
        Map<String, String> missing = new LinkedHashMap<>();
        List<String> fields = List.of("cpuNanos", "memoryBytes", "diskReadOps", "diskReadBytes", "diskWriteOps", "diskWriteBytes",
                "netReceivedBytes", "netSentBytes");
        for (Counter c : Counter.values()) {
            if (!keys.containsKey(c)) {
                missing.put(fields.get(c.ordinal()), "vCenter has no counter " + c.dotted());
            }
        }
        return missing;
    }

    @Override
    public synchronized Map<String, VmResources> read(Collection<Vm> wanted) {
        Map<Mor, Vm> byMor = new LinkedHashMap<>();
        List<Element> specs = new ArrayList<>();
        for (Vm vm : wanted) {
            vms.apply(vm).ifPresent(mor -> {
                byMor.put(mor, vm);
                Totals t = totals.get(vm.name());
                List<Element> spec = new ArrayList<>(List.of(Element.ref("entity", mor),
                        Element.text("startTime", (t == null || t.newest == null ? since : t.newest).toString())));
                keys.values().forEach(key -> spec.add(Element.of("metricId", Element.text("counterId", key), Element.text("instance", "*"))));
                spec.add(Element.text("intervalId", Integer.toString(HostCpu.REALTIME_SECONDS)));
                specs.add(Element.of("querySpec", spec.toArray(Element[]::new)));
            });
        }
        if (specs.isEmpty()) {
            return Map.of();
        }
        Node answer;
        try {
            answer = vim.call("QueryPerf", manager, specs.toArray(Element[]::new));
        } catch (VimFault | IOException e) {
            throw new IllegalStateException("QueryPerf: " + e.getMessage(), e);
        }
        for (Node metric : answer.all("returnval")) {
            Vm vm = metric.child("entity").map(Node::mor).map(byMor::get).orElse(null);
            if (vm != null) {
                add(totals.computeIfAbsent(vm.name(), n -> new Totals()), metric);
            }
        }
        Map<String, VmResources> read = new LinkedHashMap<>();
        for (Vm vm : byMor.values()) {
            Totals t = totals.get(vm.name());
            if (t != null && t.newest != null) {
                read.put(vm.name(), resources(t));
            }
        }
        return read;
    }

    /** Adds the samples newer than the last added: per counter, the aggregate instance if given, else every instance. */
    private void add(Totals totals, Node metric) {
        List<Node> samples = metric.all("sampleInfo");
        Instant last = totals.newest == null ? Instant.MIN : totals.newest;
        Instant newest = last;
        Instant newestMemory = Instant.MIN;
        Map<String, Counter> byKey = new HashMap<>();
        keys.forEach((c, key) -> byKey.put(key, c));
        Map<Counter, Boolean> hasAggregate = new EnumMap<>(Counter.class);
        for (Node series : metric.all("value")) {
            Counter c = series.child("id").flatMap(id -> id.text("counterId")).map(byKey::get).orElse(null);
            if (c != null && series.child("id").flatMap(id -> id.text("instance")).orElse("*").isEmpty()) {
                hasAggregate.put(c, true);
            }
        }
        for (Node series : metric.all("value")) {
            Counter c = series.child("id").flatMap(id -> id.text("counterId")).map(byKey::get).orElse(null);
            String instance = series.child("id").flatMap(id -> id.text("instance")).orElse("*");
            if (c == null || (hasAggregate.containsKey(c) && !instance.isEmpty())) {
                continue;
            }
            List<Node> values = series.all("value");
            for (int i = 0; i < values.size() && i < samples.size(); i++) {
                Instant at = samples.get(i).text("timestamp").map(Instant::parse).orElse(Instant.MIN);
                long value = Long.parseLong(values.get(i).text().strip());
                if (!at.isAfter(last) || value < 0) { // added before, or -1: no data for that sample
                    continue;
                }
                int seconds = samples.get(i).text("interval").map(Integer::parseInt).orElse(HostCpu.REALTIME_SECONDS);
                if (c == Counter.MEMORY) {
                    if (at.isAfter(newestMemory)) {
                        totals.memoryBytes = value * 1024;
                        newestMemory = at;
                    }
                } else {
                    double amount = c == Counter.CPU_USED ? value * 1e6 // ms per sample, as ns
                            : c == Counter.READ_OPS || c == Counter.WRITE_OPS ? (double) value * seconds : value * 1024.0 * seconds;
                    totals.sums.merge(c, amount, Double::sum);
                }
                newest = at.isAfter(newest) ? at : newest;
            }
        }
        totals.newest = newest.equals(Instant.MIN) ? null : newest;
    }

    private VmResources resources(Totals t) {
        Function<Counter, Long> sum = c -> keys.containsKey(c) ? Long.valueOf(Math.round(t.sums.getOrDefault(c, 0.0))) : null;
        return new VmResources(sum.apply(Counter.CPU_USED), keys.containsKey(Counter.MEMORY) ? t.memoryBytes : null,
                sum.apply(Counter.READ_OPS), sum.apply(Counter.READ_KBPS), sum.apply(Counter.WRITE_OPS), sum.apply(Counter.WRITE_KBPS),
                sum.apply(Counter.RECEIVED_KBPS), sum.apply(Counter.SENT_KBPS));
    }
}
