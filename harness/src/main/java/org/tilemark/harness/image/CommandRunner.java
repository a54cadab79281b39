package org.tilemark.harness.image;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/**
 * Runs the build's tools (mmdebstrap, mkfs, extlinux, qemu-img ...): each command's output goes to the
 * build log; lines a step marks as progress also go to the user, so a long step shows it is moving.
 * A failing command fails the build with its last lines.
 */
final class CommandRunner {

    private static final int TAIL_LINES = 8;

    private final Path log;
    private final PrintStream progress;

    CommandRunner(Path log, PrintStream progress) {
        this.log = log;
        this.progress = progress;
    }

    String run(List<String> command) throws ImageBuildException {
        return run(command, line -> false);
    }

    /** Runs {@code command}, echoing the output lines {@code showProgress} accepts; returns its output. */
    String run(List<String> command, Predicate<String> showProgress) throws ImageBuildException {
        return run(command, showProgress, null);
    }

    /** Runs {@code command} reading {@code input} (a file, or nothing when null). */
    String run(List<String> command, Predicate<String> showProgress, Path input) throws ImageBuildException {
        StringBuilder output = new StringBuilder();
        Deque<String> tail = new ArrayDeque<>();
        int exit;
        try (PrintWriter logWriter = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND))) {
            logWriter.println("$ " + String.join(" ", command));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            if (input != null) {
                builder.redirectInput(input.toFile());
            }
            Process process = builder.start();
            if (input == null) {
                process.getOutputStream().close();
            }
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    logWriter.println(line);
                    output.append(line).append('\n');
                    tail.addLast(line);
                    if (tail.size() > TAIL_LINES) {
                        tail.removeFirst();
                    }
                    if (showProgress.test(line)) {
                        progress.println("    " + line);
                    }
                }
            }
            exit = process.waitFor();
        } catch (IOException e) {
            throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, "cannot run " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, command.get(0) + " interrupted");
        }
        if (exit != 0) {
            throw new ImageBuildException(ImageBuildException.PLATFORM_FAILURE, command.get(0) + " failed (exit " + exit + "): "
                    + String.join(" | ", tail) + " (full log: " + log + ")");
        }
        return output.toString();
    }
}
