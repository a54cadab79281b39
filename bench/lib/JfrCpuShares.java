import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Attributes a JFR recording's CPU-time samples between two instants to the part of the harness that
 * ran them, and prints "event<TAB>lost samples" for the sample event used, then "part<TAB>samples" lines. JDK 25's
 * jdk.CPUTimeSample (a Java thread's stack every 10 ms of its CPU time, in Java or native code) is
 * used where the recording has it; else jdk.ExecutionSample (threads running Java code, at a rate,
 * not per CPU time). A sample belongs to the first part in PARTS whose package any of its frames is
 * in (a DVD Store user calling the JDK's HTTP client is DVD Store's). The GC's and the JIT
 * compiler's threads are not sampled: their CPU is not attributed here.
 *   java bench/lib/JfrCpuShares.java RECORDING.jfr FROM-ISO-INSTANT TO-ISO-INSTANT
 */
public class JfrCpuShares {

    /** Part and the package prefixes that make a sample its own, most specific first. */
    private static final List<Map.Entry<String, List<String>>> PARTS = List.of(
            Map.entry("dvdstore driver", List.of("org.tilemark.workloads.dvdstore.")),
            Map.entry("olio driver (JMeter)", List.of("org.tilemark.workloads.olio.", "org.apache.jmeter.", "us.abstracta.jmeter.",
                    "org.apache.http.", "org.codehaus.groovy.", "groovy.")),
            Map.entry("mail driver", List.of("org.tilemark.workloads.mail.", "jakarta.mail.", "org.eclipse.angus.")),
            Map.entry("standby heartbeat", List.of("org.tilemark.workloads.standby.")),
            Map.entry("local endpoint forwarding", List.of("org.tilemark.infra.platform.local.EndpointProxy",
                    "org.tilemark.infra.platform.local.BridgedConnection")),
            Map.entry("infra operations and platform", List.of("org.tilemark.infra.", "org.tilemark.workloads.deploy.")),
            // On the local platform only DVD Store's users and the standby heartbeat use the JDK's client.
            Map.entry("JDK HTTP client selector (dvdstore, standby)", List.of("jdk.internal.net.http.")),
            Map.entry("harness (measurement, results, charts)", List.of("org.tilemark.", "org.HdrHistogram.", "org.jfree.",
                    "com.fasterxml.jackson.")));
    private static final String OTHER = "other (JDK, unattributed)";
    /** The sample events in the order of preference. */
    private static final List<String> SAMPLE_EVENTS = List.of("jdk.CPUTimeSample", "jdk.ExecutionSample");

    public static void main(String[] args) throws Exception {
        Instant from = Instant.parse(args[1]);
        Instant to = Instant.parse(args[2]);
        Map<String, Map<String, Long>> samplesByEvent = new LinkedHashMap<>();
        for (String type : SAMPLE_EVENTS) {
            Map<String, Long> samples = new LinkedHashMap<>();
            PARTS.forEach(part -> samples.put(part.getKey(), 0L));
            samples.put(OTHER, 0L);
            samplesByEvent.put(type, samples);
        }
        long lost = 0;
        try (RecordingFile recording = new RecordingFile(Path.of(args[0]))) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                if (event.getEventType().getName().equals("jdk.CPUTimeSamplesLost") && !event.getStartTime().isBefore(from)
                        && event.getStartTime().isBefore(to)) {
                    lost += event.getLong("lostSamples");
                }
                Map<String, Long> samples = samplesByEvent.get(event.getEventType().getName());
                if (samples != null && !event.getStartTime().isBefore(from) && event.getStartTime().isBefore(to)) {
                    samples.merge(part(event), 1L, Long::sum);
                }
            }
        }
        for (Map.Entry<String, Map<String, Long>> event : samplesByEvent.entrySet()) {
            if (event.getValue().values().stream().mapToLong(Long::longValue).sum() > 0) {
                // The JVM drops CPU-time samples it has no room for: their CPU is in no part.
                System.out.println(event.getKey() + "\t" + (event.getKey().equals("jdk.CPUTimeSample") ? lost : 0));
                event.getValue().forEach((part, count) -> System.out.println(part + "\t" + count));
                return;
            }
        }
    }

    private static String part(RecordedEvent sample) {
        if (sample.getStackTrace() == null) {
            return OTHER;
        }
        List<RecordedFrame> frames = sample.getStackTrace().getFrames();
        for (Map.Entry<String, List<String>> part : PARTS) {
            for (RecordedFrame frame : frames) {
                String type = frame.getMethod().getType().getName();
                if (part.getValue().stream().anyMatch(type::startsWith)) {
                    return part.getKey();
                }
            }
        }
        return OTHER;
    }
}
