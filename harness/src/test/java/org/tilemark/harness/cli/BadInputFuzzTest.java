package org.tilemark.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Issue 17's acceptance: generated bad inputs across every command, each run in-process through the
 * real command line, must exit 2 with exactly one line on stderr naming the key or file, no stack
 * trace, no file and no process created, and no hang (a FIFO with no writer, /dev/zero: abandoned
 * after 60 s). How long the cases took is printed, not asserted.
 */
@Isolated // it swaps System.out
class BadInputFuzzTest {

    @TempDir
    static Path tmp;

    private static final ExecutorService EXECUTOR = Executors.newSingleThreadExecutor();

    /**
     * One bad input: the command line and what its one error line must contain; {@code guard} is the same
     * input to {@code validate}, run first so that a command that would start real work is never reached
     * with input {@code validate} accepts.
     */
    record Case(String expect, List<String> args, List<String> guard) {
        Case(String expect, List<String> args) {
            this(expect, args, List.of());
        }

        @Override
        public String toString() {
            // The base settings every case shares are left out: the command and what is bad are enough.
            List<String> own = args.stream().filter(arg -> !arg.startsWith("-s") && !BadInputs.isBaseSetting(arg)).toList();
            return String.join(" ", own) + "  [expect: " + expect + "]";
        }
    }

    record Result(int exit, String out, String err, long millis) {
    }

    @AfterAll
    static void stop() {
        EXECUTOR.shutdownNow();
    }

    @BeforeAll
    static void inputs() throws Exception {
        BadInputs.writeFiles(tmp);
        run(BadInputs.base(tmp, "validate")); // the first command line loads the classes: not a bad input's time
    }

    @Test
    void theBaseConfigurationIsValidSoEachCaseFailsOnItsOwnInput() throws Exception {
        Result result = run(BadInputs.base(tmp, "validate"));
        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.err()).isEmpty();
    }

    @Test
    void theUndamagedBundleIsWholeSoEachDamagedCopyFailsOnItsOwnDamage() {
        assertThat(org.tilemark.harness.verify.BundleIntegrity.problem(tmp.resolve("cmp-ok"))).isEmpty();
    }

    @Test
    void everyBadInputExitsTwoWithOneLineNamingTheKeyAndCreatesNothing() throws Exception {
        List<Case> cases = BadInputs.cases(tmp);
        List<String> failures = new ArrayList<>();
        long started = System.nanoTime();
        long slowest = 0;
        String slowestCase = "";
        int overFiveSeconds = 0;
        for (Case c : cases) {
            if (!c.guard().isEmpty() && run(c.guard()).exit() != 2) {
                failures.add(c + " -> validate accepted it; the command was not run");
                continue;
            }
            Set<String> before = files();
            long processes = ProcessHandle.current().descendants().count();
            Result result = run(c.args());
            List<String> lines = result.err().lines().toList();
            List<String> problems = new ArrayList<>();
            if (result.exit() != 2) {
                problems.add("exit " + result.exit());
            }
            if (lines.size() != 1) {
                problems.add(lines.size() + " lines on stderr");
            }
            if (lines.stream().noneMatch(line -> line.contains(c.expect()))) {
                problems.add("no line names '" + c.expect() + "'");
            }
            if (result.err().contains("\tat ") || result.out().contains("\tat ")) {
                problems.add("stack trace");
            }
            Set<String> created = new TreeSet<>(files());
            created.removeAll(before);
            if (!created.isEmpty()) {
                problems.add("created " + created);
            }
            if (ProcessHandle.current().descendants().count() > processes) {
                problems.add("started a process");
            }
            if (result.millis() > slowest) {
                slowest = result.millis();
                slowestCase = c.toString();
            }
            if (result.millis() >= 5000) {
                overFiveSeconds++;
            }
            if (!problems.isEmpty()) {
                failures.add(c + " -> " + problems + " stderr: " + result.err().strip() + " stdout: "
                        + result.out().strip().lines().findFirst().orElse(""));
            }
        }
        // Speed is printed, not asserted (machines here are noisy): the acceptance's "under 5 s" is read from this line.
        System.out.printf("BadInputFuzzTest: %d cases in %d ms; slowest %d ms (%s); %d over 5 s%n", cases.size(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), slowest, slowestCase, overFiveSeconds);
        assertThat(cases).hasSizeGreaterThanOrEqualTo(300);
        assertThat(failures).as(failures.size() + " of " + cases.size() + " failed").isEmpty();
    }

    /** Runs the command line in-process, stdout and stderr captured; a case that hangs is abandoned after 60 s. */
    static Result run(List<String> args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        long started = System.nanoTime();
        int exit;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            Future<Integer> call = EXECUTOR.submit(() -> TilemarkCli.execute(CommandLine.defaultFactory(),
                    args.toArray(String[]::new)));
            try {
                exit = call.get(60, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                call.cancel(true);
                exit = -1;
            }
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** Every file under the temporary directory and the working directory's top level. */
    private static Set<String> files() throws IOException {
        Set<String> found = new TreeSet<>();
        try (Stream<Path> walk = Files.walk(tmp)) {
            walk.forEach(p -> found.add(p.toString()));
        }
        try (Stream<Path> top = Files.list(Path.of("").toAbsolutePath())) {
            top.forEach(p -> found.add(p.toString()));
        }
        return found;
    }
}
