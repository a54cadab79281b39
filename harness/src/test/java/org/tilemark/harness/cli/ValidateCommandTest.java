package org.tilemark.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import org.junit.jupiter.api.parallel.Isolated;

/** Issue 16: validate --phase-duration 30s says why and what would work; exit 2 unless --quick. Issue 17: publishability. */
@Isolated // it swaps System.err
class ValidateCommandTest {

    private record Result(int exitCode, String err) {
    }

    private static Result validate(String... args) {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int exit = new CommandLine(new ValidateCommand()).execute(args);
            return new Result(exit, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(original);
        }
    }

    @Test
    void aPhaseTooShortForTheRunRulesIsBadInputNamingTheShortestWorkableValue() {
        Result result = validate("--phase-duration", "30s");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("error: run.phaseDuration: 30s is too short")
                .contains("use run.phaseDuration >= 1m").hasLineCount(1);
    }

    @Test
    void inQuickModeItIsAWarning() {
        Result result = validate("--quick", "--phase-duration", "30s");

        assertThat(result.exitCode()).isZero();
        assertThat(result.err()).startsWith("warning: run.phaseDuration: 30s is too short");
    }

    /** Issue 17: settings that defeat compliance validate, but a standard run is told at once it cannot publish. */
    @Test
    void aRelaxedQosRuleUnderTheStandardProfileIsAWarningThatTheResultIsNotPublishable() {
        Result result = validate("--profile", "standard", "-s", "workloads.dvdstore.qos.maxFailurePercent=100",
                "-s", "workloads.olio.cycleTimeTolerancePercent=50");

        assertThat(result.exitCode()).isZero();
        assertThat(result.err()).startsWith("warning: not publishable: ").contains("workloads.dvdstore.qos.maxFailurePercent")
                .contains("workloads.olio.cycleTimeTolerancePercent").hasLineCount(1);
        assertThat(validate("--profile", "standard").err()).isEmpty();
    }
}
