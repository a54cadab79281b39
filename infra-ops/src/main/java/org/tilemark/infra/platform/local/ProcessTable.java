package org.tilemark.infra.platform.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One reading of this machine's processes (but this one): each one's command line and parent, read once for many
 * lookups. Finding a VM's processes reads every process's command line, and a process's descendants every process's
 * parent, so a meter that looked each VM up afresh read the whole table twice per VM per interval: on a shared
 * machine, harness CPU that grew with the square of the tiles.
 */
final class ProcessTable {

    private final Map<Long, ProcessHandle> processes = new HashMap<>();
    private final Map<Long, String> commandLines = new HashMap<>();
    private final Map<Long, List<Long>> children = new HashMap<>();

    private ProcessTable() {
    }

    static ProcessTable read() {
        ProcessTable table = new ProcessTable();
        long self = ProcessHandle.current().pid();
        ProcessHandle.allProcesses().filter(p -> p.pid() != self).forEach(p -> {
            table.processes.put(p.pid(), p);
            commandLine(p.pid()).ifPresent(cmd -> table.commandLines.put(p.pid(), cmd));
            p.parent().ifPresent(parent -> table.children.computeIfAbsent(parent.pid(), k -> new ArrayList<>()).add(p.pid()));
        });
        return table;
    }

    /** The processes whose command line names {@code directory}: a VM's, by its directory. */
    List<ProcessHandle> mentioning(Path directory) {
        String tag = directory.toAbsolutePath().normalize().toString();
        List<ProcessHandle> found = new ArrayList<>();
        commandLines.forEach((pid, cmd) -> {
            if (mentions(cmd, tag)) {
                found.add(processes.get(pid));
            }
        });
        return found;
    }

    /** {@code root} and every descendant of it, as the table was read. */
    Set<Long> tree(long root) {
        Set<Long> tree = new HashSet<>();
        Deque<Long> next = new ArrayDeque<>(List.of(root));
        while (!next.isEmpty()) {
            long pid = next.pop();
            if (tree.add(pid)) {
                next.addAll(children.getOrDefault(pid, List.of()));
            }
        }
        return tree;
    }

    private static boolean mentions(String commandLine, String directory) {
        int at = commandLine.indexOf(directory);
        while (at >= 0) {
            int end = at + directory.length();
            // The whole path, as one argument or its prefix: /runs/r1 must match neither /runs/r10
            // nor /other/runs/r1.
            boolean startsArgument = at == 0 || commandLine.charAt(at - 1) == ' ' || commandLine.charAt(at - 1) == '=';
            boolean endsComponent = end == commandLine.length() || commandLine.charAt(end) == '/' || commandLine.charAt(end) == ' ';
            if (startsArgument && endsComponent) {
                return true;
            }
            at = commandLine.indexOf(directory, at + 1);
        }
        return false;
    }

    private static Optional<String> commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            return Optional.of(new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').trim());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }
}
