package org.tilemark.infra.platform.local;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tilemark.templates.VmSize;

/**
 * Starts a guest process: the one guest executable, on the harness's own JDK and class path, with JVM
 * options sized for processes that share this machine, in a session of its own (so a Ctrl-C on the
 * harness's terminal does not reach the guests: the harness stops them in order), pinned to its
 * host's CPUs where Linux allows it. The guest reads its guest config from the VM directory and
 * writes its readiness report there; no secret is on its command line or in its environment.
 */
final class GuestLauncher {

    /** The guest executable's main class (in workloads, which the platform does not depend on: it is on the class path). */
    static final String GUEST_MAIN = "org.tilemark.workloads.guest.GuestMain";

    private static final Path TASKSET = Path.of("/usr/bin/taskset");
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private final boolean pinCpus;
    private final String mainClass;
    private final Path classData;
    private final String classPath;

    /**
     * @param classData where each role's class-data archive is kept ({@link #classDataOptions})
     * @param classPath the guests' class path: the harness's own ({@link #classPath()}) but in tests
     */
    GuestLauncher(boolean pinCpus, String mainClass, Path classData, String classPath) {
        this.pinCpus = pinCpus && Files.isExecutable(TASKSET);
        this.mainClass = mainClass;
        this.classData = classData;
        this.classPath = classPath;
    }

    boolean pinning() {
        return pinCpus;
    }

    Process launch(GuestLaunchRequest request) throws IOException {
        return launch(request, Optional.empty());
    }

    /** Starts the guest as the first process of {@code memoryGroup} where one is given ({@link MemoryCgroups}). */
    Process launch(GuestLaunchRequest request, Optional<Path> memoryGroup) throws IOException {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            command.add(SETSID.toString());
        }
        if (pinCpus) {
            command.addAll(List.of(TASKSET.toString(), "-c", request.cpus()));
        }
        command.add(javaExecutable());
        command.addAll(jvmOptions(request.size()));
        Optional<ClassDataArchive.Dump> dump = Optional.empty();
        if (!request.buildTemplate()) {
            ClassDataArchive archive = classDataArchive(request.role());
            dump = archive.dumpFor(request.vmName());
            command.addAll(dump.map(ClassDataArchive.Dump::options).orElseGet(archive::mapOptions));
        }
        command.add("-Dtilemark.vm=" + request.vmName());
        command.add("-Dtilemark.run=" + request.runId());
        command.addAll(List.of("-cp", classPath, mainClass));
        VmDirectory vm = request.vmDirectory();
        command.addAll(List.of("--config", vm.guestConfig().toString(), "--disk", vm.disk().toString(),
                "--report", vm.readinessReport().toString()));
        if (request.buildTemplate()) {
            command.add("--build-template");
        }
        Process process = new ProcessBuilder(memoryGroup.map(group -> MemoryCgroups.inGroup(group, command)).orElse(command))
                .directory(vm.path().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(vm.console().toFile()))
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        dump.ifPresent(d -> d.publishWhenExited(process));
        return process;
    }

    /**
     * The guest heap is capped well below the VM memory: a guest process shares this machine with
     * every other VM, and the heap only has to hold the server, not the modelled memory. Serial GC,
     * few compiler threads and the client compiler only (C1): many guests share a few cores, as VMs
     * share a host, and infrastructure operations restart guests every 20-40 s, so C2's
     * compilations cost more than its faster code saves (docs/benchmarks.md has the figures).
     */
    static List<String> jvmOptions(VmSize size) {
        return List.of("-Xmx" + heapMb(size) + "m", "-Xss512k", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=2",
                "-XX:ActiveProcessorCount=" + size.vcpus(), "-XX:+ExitOnOutOfMemoryError", "-Djava.awt.headless=true");
    }

    /** The guest's heap: an eighth of the VM's memory, between 96 and 384 MB. */
    static int heapMb(VmSize size) {
        return Math.max(96, Math.min(384, size.memoryMb() / 8));
    }

    /** The class-data archive of {@code role}'s guests on this JVM and class path ({@link ClassDataArchive}). */
    ClassDataArchive classDataArchive(String role) throws IOException {
        return archives.computeIfAbsent(role, r -> {
            try {
                return ClassDataArchive.of(classData, r, javaExecutable(), classPath);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** One per role: its fingerprint stats every jar, and guests restart every 20-40 s under infrastructure operations. */
    private final java.util.Map<String, ClassDataArchive> archives = new java.util.concurrent.ConcurrentHashMap<>();

    /** The harness's own class path: the launcher puts every module on it, so guests need nothing else. */
    static String classPath() {
        return System.getProperty("java.class.path");
    }

    private static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .filter(c -> c.endsWith("java"))
                .orElse(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
    }

    record GuestLaunchRequest(String vmName, String runId, String role, VmSize size, String cpus, VmDirectory vmDirectory,
                              boolean buildTemplate) {
    }
}
