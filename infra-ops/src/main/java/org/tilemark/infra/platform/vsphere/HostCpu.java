package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The hosts' busy CPU from vCenter's PerformanceManager: each host's real-time samples of
 * {@code cpu.usage.average} (hundredths of a percent of the host's capacity, one sample per 20 s) since
 * the platform connected, added up as busy core-time. Coarse by nature: a window shorter than a sample
 * sees a step or nothing. Empty where vCenter has no such counter or no sample yet.
 */
final class HostCpu {

    /** vCenter's real-time interval: the only one with 20-second samples. */
    static final int REALTIME_SECONDS = 20;

    private final Vim vim;
    private final Mor performanceManager;
    private final String counterId;
    private final Instant since;

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
                return Optional.of(new HostCpu(vim, manager, key.get(), serverTime(vim)));
            }
        }
        return Optional.empty();
    }

    private static Instant serverTime(Vim vim) throws VimFault, IOException {
        return vim.call("CurrentTime", Mor.SERVICE_INSTANCE).text("returnval").map(Instant::parse).orElse(Instant.now());
    }

    /** Busy core-time of {@code hosts} since the platform connected; empty when vCenter returned no sample. */
    Optional<Duration> busy(Collection<Site.HostRef> hosts) throws VimFault, IOException {
        List<Element> specs = new ArrayList<>();
        for (Site.HostRef host : hosts) {
            // PerfQuerySpec's elements in the WSDL's order.
            specs.add(Element.of("querySpec", Element.ref("entity", host.mor()), Element.text("startTime", since.toString()),
                    Element.of("metricId", Element.text("counterId", counterId), Element.text("instance", "")),
                    Element.text("intervalId", Integer.toString(REALTIME_SECONDS))));
        }
        Node answer = vim.call("QueryPerf", performanceManager, specs.toArray(Element[]::new));
        double busySeconds = 0;
        boolean sampled = false;
        for (Node metric : answer.all("returnval")) {
            int cores = hosts.stream().filter(h -> metric.child("entity").map(Node::mor).map(h.mor()::equals).orElse(false))
                    .mapToInt(Site.HostRef::cores).findFirst().orElse(0);
            List<Node> samples = metric.all("sampleInfo");
            for (Node series : metric.all("value")) {
                List<Node> values = series.all("value");
                for (int i = 0; i < values.size(); i++) {
                    long hundredthsOfPercent = Long.parseLong(values.get(i).text().strip());
                    int seconds = i < samples.size() ? samples.get(i).text("interval").map(Integer::parseInt).orElse(REALTIME_SECONDS)
                            : REALTIME_SECONDS;
                    if (hundredthsOfPercent >= 0) { // -1: no data for that sample
                        busySeconds += hundredthsOfPercent / 10_000.0 * cores * seconds;
                        sampled = true;
                    }
                }
            }
        }
        return sampled ? Optional.of(Duration.ofNanos((long) (busySeconds * 1e9))) : Optional.empty();
    }
}
