package org.tilemark.harness.cli;

import java.io.PrintStream;
import java.util.Arrays;
import org.tilemark.config.ConfigException;
import org.tilemark.config.InputFiles;
import org.tilemark.config.Messages;
import org.tilemark.harness.run.RunOutcome;
import org.tilemark.workloads.mail.MailWorkload;
import picocli.CommandLine;

/**
 * The command line with its failure policy: a bad option or value is one line on stderr and exit 2, an
 * unexpected failure one line and exit 3, and a stack trace only when {@code --debug} is on the line.
 */
public final class TilemarkCli {

    static final String DEBUG = "--debug";

    private TilemarkCli() {
    }

    /** Runs {@code args} (with commands made by {@code factory}) and returns the exit code. */
    public static int execute(CommandLine.IFactory factory, String... args) {
        MailWorkload.SYSTEM_PROPERTIES.forEach((key, value) -> {
            if (System.getProperty(key) == null) {
                System.setProperty(key, value);
            }
        });
        boolean debug = Arrays.asList(args).contains(DEBUG);
        String[] rest = Arrays.stream(args).filter(arg -> !arg.equals(DEBUG)).toArray(String[]::new);
        PrintStream err = System.err;
        try {
            CommandLine cli = new CommandLine(factory.create(TilemarkCommand.class), factory);
            cli.setParameterExceptionHandler((ex, ignored) -> {
                err.println("error: " + oneLine(ex.getMessage()) + " (see " + ex.getCommandLine().getCommandName() + " --help)");
                return RunOutcome.BAD_INPUT;
            });
            cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> failed(ex, debug, err));
            return cli.execute(rest);
        } catch (Exception | OutOfMemoryError | StackOverflowError e) {
            return failed(e, debug, err);
        }
    }

    private static int failed(Throwable e, boolean debug, PrintStream err) {
        boolean badInput = e instanceof InputFiles.InputFileException || e instanceof ConfigException;
        err.println("error: " + (badInput ? "" : e.getClass().getSimpleName() + ": ") + oneLine(e.getMessage())
                + (debug ? "" : badInput ? "" : " (" + DEBUG + " shows where)"));
        if (debug) {
            e.printStackTrace(err);
        }
        return badInput ? RunOutcome.BAD_INPUT : RunOutcome.RUNTIME_FAILURE;
    }

    private static String oneLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        String first = message.lines().findFirst().orElse("");
        return Messages.redact(first.length() > 300 ? first.substring(0, 300) + "..." : first);
    }
}
