package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The hosts' busy CPU from vCenter's PerformanceManager: each host's real-time samples of
 * {@code cpu.usage.average} (hundredths of a percent of the host's capacity, one sample per 20 s) since
 * the platform connected, added up as busy core-time. Each sample is added once, by its timestamp, so the
 * total only grows although vCenter keeps real-time samples for an hour only. Coarse by nature: a window
 * shorter than a sample sees a step or nothing. Empty where vCenter has no such counter or no sample yet.
 */
final class HostCpu {

    /** vCenter's real-time interval: the only one with 20-second samples. */
    static final int REALTIME_SECONDS = 20;

    private final Vim vim;
    private final Mor performanceManager;
    private final String counterId;
    private final Instant since;
    /** Per host, the timestamp of the last sample added. */
    private final Map<Mor, Instant> added = new HashMap<>();
    private double busySeconds;
    private boolean sampled;

    private HostCpu(Vim vim, Mor performanceManager, String counterId, Instant since) {
        this.vim = vim;
        this.performanceManager = performanceManager;
        this.counterId = counterId;
        this.since = since;
    }

    /** The counter {@code cpu.usage.average} of vCenter's PerformanceManager, if it has one. */
    static Optional<HostCpu> find(Vim vim) throws VimFault, IOException {
        Mor manager = vim.performanceManager();
        Node counters = vim.one(manager, List.of("perfCounter")).props().get("perfCounter");
        if (counters == null) {
            return Optional.empty();
        }
        for (Node counter : counters.children()) {
            boolean cpu = counter.child("groupInfo").flatMap(g -> g.text("key")).orElse("").equals("cpu");
            boolean usage = counter.child("nameInfo").flatMap(n -> n.text("key")).orElse("").equals("usage");
            boolean average = counter.text("rollupType").orElse("").equals("average");
            Optional<String> key = counter.text("key");
            if (cpu && usage && average && key.isPresent()) {
                return Optional.of(new HostCpu(vim, manager, key.get(), vim.currentTime()));
            }
        }
        return Optional.empty();
    }

    /** Busy core-time of {@code hosts} since the platform connected; empty until vCenter returned a sample. */
    synchronized Optional<Duration> busy(Collection<Site.HostRef> hosts) throws VimFault, IOException {
        List<Element> specs = new ArrayList<>();
        for (Site.HostRef host : hosts) {
            // PerfQuerySpec's elements in the WSDL's order.
            specs.add(Element.of("querySpec", Element.ref("entity", host.mor()),
                    Element.text("startTime", added.getOrDefault(host.mor(), since).toString()),
                    Element.of("metricId", Element.text("counterId", counterId), Element.text("instance", "")),
                    Element.text("intervalId", Integer.toString(REALTIME_SECONDS))));
        }
        Node answer = vim.call("QueryPerf", performanceManager, specs.toArray(Element[]::new));
        for (Node metric : answer.all("returnval")) {
            Optional<Site.HostRef> host = metric.child("entity").map(Node::mor)
                    .flatMap(mor -> hosts.stream().filter(h -> h.mor().equals(mor)).findFirst());
            if (host.isPresent()) {
                add(host.get(), metric);
            }
        }
        return sampled ? Optional.of(Duration.ofNanos((long) (busySeconds * 1e9))) : Optional.empty();
    }

    /** Adds the samples of one host's answer that are newer than the last one added. */
    private void add(Site.HostRef host, Node metric) {
        List<Node> samples = metric.all("sampleInfo");
        Instant last = added.getOrDefault(host.mor(), Instant.MIN);
        Instant newest = last;
        for (Node series : metric.all("value")) {
            List<Node> values = series.all("value");
            for (int i = 0; i < values.size() && i < samples.size(); i++) {
                Instant at = samples.get(i).text("timestamp").map(Instant::parse).orElse(Instant.MIN);
                long hundredthsOfPercent = Long.parseLong(values.get(i).text().strip());
                if (!at.isAfter(last) || hundredthsOfPercent < 0) { // added before, or -1: no data for that sample
                    continue;
                }
                int seconds = samples.get(i).text("interval").map(Integer::parseInt).orElse(REALTIME_SECONDS);
                busySeconds += hundredthsOfPercent / 10_000.0 * host.cores() * seconds;
                sampled = true;
                newest = at.isAfter(newest) ? at : newest;
            }
        }
        added.put(host.mor(), newest);
    }
}
