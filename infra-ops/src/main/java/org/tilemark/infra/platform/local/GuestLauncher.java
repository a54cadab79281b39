package org.tilemark.infra.platform.local;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tilemark.templates.RoleTemplate;

/**
 * Starts a guest process from its template's launch spec: the one guest executable, on the harness's
 * own JDK and class path, in a session of its own (so a Ctrl-C on the harness's terminal does not
 * reach the guests: the harness stops them in order), pinned to its host's CPUs where Linux allows it.
 */
final class GuestLauncher {

    private static final Path TASKSET = Path.of("/usr/bin/taskset");
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private final boolean pinCpus;

    GuestLauncher(boolean pinCpus) {
        this.pinCpus = pinCpus && Files.isExecutable(TASKSET);
    }

    boolean pinning() {
        return pinCpus;
    }

    Process launch(GuestLaunchRequest request) throws IOException {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            command.add(SETSID.toString());
        }
        if (pinCpus) {
            command.addAll(List.of(TASKSET.toString(), "-c", request.cpus()));
        }
        command.add(javaExecutable());
        RoleTemplate role = request.role();
        command.addAll(role.launch().jvmOptions());
        command.add("-Dtilemark.vm=" + request.vmName());
        command.add("-Dtilemark.run=" + request.runId());
        command.addAll(List.of("-cp", classPath(), role.launch().mainClass()));
        command.addAll(List.of("--role", role.role(), "--vm-dir", request.vmDirectory().toString()));
        if (request.buildTemplate()) {
            command.add("--build-template");
        }
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(request.vmDirectory().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(request.vmDirectory().resolve("console.log").toFile()))
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        Map<String, String> environment = builder.environment();
        environment.putAll(request.secretEnvironment());
        return builder.start();
    }

    /** The harness's own class path: the launcher puts every module on it, so guests need nothing else. */
    static String classPath() {
        return System.getProperty("java.class.path");
    }

    private static String javaExecutable() {
        return ProcessHandle.current().info().command()
                .filter(c -> c.endsWith("java"))
                .orElse(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
    }

    record GuestLaunchRequest(String vmName, String runId, RoleTemplate role, String cpus, Path vmDirectory,
                              boolean buildTemplate, Map<String, String> secretEnvironment) {

        @Override
        public String toString() {
            return "GuestLaunchRequest[" + vmName + ", secrets=" + secretEnvironment.keySet() + "]";
        }
    }
}
