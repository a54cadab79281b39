package org.tilemark.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Issue 16: validate --phase-duration 30s says why and what would work; exit 2 unless --quick. */
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
}
