import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a JFR recording of the harness between two instants and prints what bench/driver-cost splits
 * the harness's CPU and allocation by, as tab-separated lines whose first field says what they are:
 * <pre>
 *   sampler  EVENT  LOST          the CPU sample event used, and how many samples the JVM lost
 *   cpu      PART   SAMPLES       samples whose stack is in PART
 *   alloc    PART   BYTES         bytes allocated by PART (jdk.ObjectAllocationSample weights)
 *   site     FRAME  BYTES         the allocating frames outside the JDK that allocated most
 *   compiled PACKAGE SECONDS       JIT compilations by the compiled method's package (jdk.Compilation)
 * </pre>
 * JDK 25's jdk.CPUTimeSample (a Java thread's stack every 10 ms of its CPU time, in Java or native
 * code) is used where the recording has it; else jdk.ExecutionSample (threads running Java code, at a
 * rate, not per CPU time). A sample belongs to the first part in PARTS whose package any of its frames
 * is in (a DVD Store user calling the JDK's HTTP client is DVD Store's). The JVM's own threads (JIT
 * compilers, GC, JFR) are not sampled: bench/lib/thread_cpu.py reads their CPU from /proc.
 *   java bench/lib/JfrHarnessProfile.java RECORDING.jfr FROM-ISO-INSTANT TO-ISO-INSTANT
 */
public class JfrHarnessProfile {

    /** Part and the package prefixes that make a sample its own, most specific first. */
    private static final List<Map.Entry<String, List<String>>> PARTS = List.of(
            Map.entry("dvdstore driver", List.of("org.tilemark.workloads.dvdstore.")),
            Map.entry("olio driver (JMeter)", List.of("org.tilemark.workloads.olio.", "org.apache.jmeter.", "us.abstracta.jmeter.",
                    "org.apache.http.", "org.codehaus.groovy.", "groovy.")),
            Map.entry("mail driver", List.of("org.tilemark.workloads.mail.", "jakarta.mail.", "org.eclipse.angus.")),
            Map.entry("standby heartbeat", List.of("org.tilemark.workloads.standby.")),
            // After the workloads: their users start requests here too, but only the scanner's thread stays.
            Map.entry("HTTP deadlines (the drivers' shared thread)", List.of("org.tilemark.workloads.driver.Deadlines")),
            Map.entry("local endpoint forwarding", List.of("org.tilemark.infra.platform.local.EndpointProxy",
                    "org.tilemark.infra.platform.local.BridgedConnection")),
            Map.entry("infra operations and platform", List.of("org.tilemark.infra.", "org.tilemark.workloads.deploy.")),
            Map.entry("harness (measurement, results, charts)", List.of("org.tilemark.", "org.HdrHistogram.", "org.jfree.",
                    "com.fasterxml.jackson.")));
    private static final String OTHER = "other (JDK, unattributed)";
    /** The sample events in the order of preference. */
    private static final List<String> SAMPLE_EVENTS = List.of("jdk.CPUTimeSample", "jdk.ExecutionSample");
    /** Frames of these packages are the JDK's: an allocation site is the first frame outside them. */
    private static final List<String> JDK_PACKAGES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
    private static final int SITES = 15;

    public static void main(String[] args) throws Exception {
        Instant from = Instant.parse(args[1]);
        Instant to = Instant.parse(args[2]);
        Map<String, Map<String, Long>> samplesByEvent = new LinkedHashMap<>();
        for (String type : SAMPLE_EVENTS) {
            samplesByEvent.put(type, emptyParts());
        }
        Map<String, Long> allocated = emptyParts();
        Map<String, Long> sites = new HashMap<>();
        Map<String, Double> compiled = new HashMap<>();
        long lost = 0;
        try (RecordingFile recording = new RecordingFile(Path.of(args[0]))) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                if (event.getStartTime().isBefore(from) || !event.getStartTime().isBefore(to)) {
                    continue;
                }
                String type = event.getEventType().getName();
                switch (type) {
                    case "jdk.CPUTimeSamplesLost" -> lost += event.getLong("lostSamples");
                    case "jdk.Compilation" -> compiled.merge(packageOf(event), event.getDuration().toNanos() / 1e9, Double::sum);
                    case "jdk.ObjectAllocationSample" -> {
                        long bytes = event.getLong("weight");
                        allocated.merge(part(event.getStackTrace()), bytes, Long::sum);
                        sites.merge(site(event.getStackTrace()), bytes, Long::sum);
                    }
                    default -> {
                        Map<String, Long> samples = samplesByEvent.get(type);
                        if (samples != null) {
                            samples.merge(part(event.getStackTrace()), 1L, Long::sum);
                        }
                    }
                }
            }
        }
        for (Map.Entry<String, Map<String, Long>> event : samplesByEvent.entrySet()) {
            if (event.getValue().values().stream().mapToLong(Long::longValue).sum() > 0) {
                // The JVM drops CPU-time samples it has no room for: their CPU is in no part.
                print("sampler", event.getKey(), event.getKey().equals("jdk.CPUTimeSample") ? lost : 0);
                event.getValue().forEach((part, count) -> print("cpu", part, count));
                break;
            }
        }
        allocated.forEach((part, bytes) -> print("alloc", part, bytes));
        sites.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())).limit(SITES)
                .forEach(site -> print("site", site.getKey(), site.getValue()));
        compiled.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())).limit(SITES)
                .forEach(unit -> print("compiled", unit.getKey(), String.format("%.3f", unit.getValue())));
    }

    /** The compiled method's package, its first two or three names (org.apache.jmeter, java.util). */
    private static String packageOf(RecordedEvent compilation) {
        var method = compilation.getValue("method") instanceof jdk.jfr.consumer.RecordedMethod m ? m : null;
        if (method == null) {
            return "(unknown)";
        }
        String type = method.getType().getName();
        String[] names = type.split("\\.");
        int keep = Math.min(names.length - 1, names[0].equals("org") || names[0].equals("com") ? 3 : 2);
        return keep <= 0 ? "(default package) " + type : String.join(".", java.util.Arrays.copyOf(names, keep));
    }

    private static Map<String, Long> emptyParts() {
        Map<String, Long> parts = new LinkedHashMap<>();
        PARTS.forEach(part -> parts.put(part.getKey(), 0L));
        parts.put(OTHER, 0L);
        return parts;
    }

    private static void print(String kind, String key, Object value) {
        System.out.println(kind + "\t" + key + "\t" + value);
    }

    private static String part(RecordedStackTrace stack) {
        if (stack == null) {
            return OTHER;
        }
        List<RecordedFrame> frames = stack.getFrames();
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

    /** The first frame outside the JDK: the code that asked for the memory, directly or through the JDK. */
    private static String site(RecordedStackTrace stack) {
        if (stack == null) {
            return "(no stack)";
        }
        for (RecordedFrame frame : stack.getFrames()) {
            String type = frame.getMethod().getType().getName();
            if (JDK_PACKAGES.stream().noneMatch(type::startsWith)) {
                return type + "." + frame.getMethod().getName();
            }
        }
        return stack.getFrames().isEmpty() ? "(no frames)" : "JDK: " + stack.getFrames().getFirst().getMethod().getType().getName()
                + "." + stack.getFrames().getFirst().getMethod().getName();
    }
}
