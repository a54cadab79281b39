package org.tilemark.tests.platform;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code tilemark <command...> -s key=value ...} in a process of its own, on this test's class path. */
final class HarnessProcess {

    private HarnessProcess() {
    }

    static Process start(List<String> command, Map<String, String> settings) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "org.tilemark.harness.TilemarkApplication"));
        cmd.addAll(command);
        settings.forEach((key, value) -> cmd.addAll(List.of("-s", key + "=" + value)));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }
}
