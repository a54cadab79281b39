package org.tilemark.templates.guest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadinessConsoleLineTest {

    @Test
    void theReportTravelsAsOneTaggedConsoleLineAndTheLastOneCounts() throws Exception {
        ReadinessReport failed = ReadinessReport.failed("vm-1", "standby", "unknown role 'x'", 0);
        ReadinessReport ready = ReadinessReport.ready("vm-1", "standby", Map.of("main", 41234), 812);
        String failedLine = ReadinessConsole.toLine(failed);
        assertThat(failedLine).startsWith(ReadinessConsole.TAG + " ").doesNotContain("\n");
        String console = "[    0.000000] Linux version 6.1\r\n" + failedLine + "\r\n"
                + "[   12.5] systemd[1]: Started x\n" + "tilemark-guest[412]: " + ReadinessConsole.toLine(ready) + "\n";
        assertThat(ReadinessConsole.fromConsole(console)).contains(ready);
        assertThat(ReadinessConsole.fromConsole("booting...\n")).isEmpty();
    }

    @Test
    void aReportStillBeingWrittenIsNotReadYet() throws Exception {
        String line = ReadinessConsole.toLine(ReadinessReport.ready("vm-1", "standby", Map.of("main", 41234), 812));
        String console = "[   12.5] systemd[1]: Started x\n" + "tilemark-guest[412]: " + line.substring(0, line.length() / 2);

        assertThat(ReadinessConsole.fromConsole(console)).isEmpty();
        assertThat(ReadinessConsole.fromConsole(console + line.substring(line.length() / 2) + "\r\n")).isPresent();
    }
}
