package org.tilemark.infra.platform.vsphere;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Follows one task to its end with the PropertyCollector's {@code WaitForUpdatesEx}: a collector of its own
 * ({@code CreatePropertyCollector}, so concurrent waits do not share versions), a filter on the task's
 * {@code info}, and calls that return when vCenter has a change (or after {@link #MAX_WAIT}), never a poll.
 * A task still running at its timeout is cancelled ({@code CancelTask}); where the VM then is, vCenter says.
 * When the session ends mid-wait (the collector goes with it) the wait starts again in the new session.
 */
final class TaskWait {

    /** How long one WaitForUpdatesEx may hold its call open: under the SOAP call's timeout. */
    private static final Duration MAX_WAIT = Duration.ofSeconds(20);

    private final Vim vim;
    private final Mor propertyCollector;

    TaskWait(Vim vim, Mor propertyCollector) {
        this.vim = vim;
        this.propertyCollector = propertyCollector;
    }

    Optional<Node> await(Mor task, String method, Duration timeout) throws VimFault, IOException {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            long logins = vim.logins();
            try {
                return follow(task, method, timeout, deadline);
            } catch (VimFault | IOException e) {
                if (vim.logins() == logins) {
                    throw e;
                }
                // The session ended and a new one began: the task lives on in vCenter; follow it again.
            }
        }
    }

    private Optional<Node> follow(Mor task, String method, Duration timeout, Instant deadline) throws VimFault, IOException {
        Mor collector = vim.call("CreatePropertyCollector", propertyCollector).child("returnval").orElseThrow().mor();
        try {
            vim.call("CreateFilter", collector, Element.of("spec",
                    Element.of("propSet", Element.text("type", "Task"), Element.text("all", "false"), Element.text("pathSet", "info")),
                    Element.of("objectSet", Element.ref("obj", task), Element.text("skip", "false"))), Element.text("partialUpdates", "false"));
            String version = "";
            Node info = null;
            while (true) {
                Duration left = Duration.between(Instant.now(), deadline);
                if (left.isNegative() || left.isZero()) {
                    throw cancelled(task, method, timeout, info);
                }
                long waitSeconds = Math.max(1, Math.min(MAX_WAIT.toSeconds(), left.toSeconds()));
                Optional<Node> update = vim.call("WaitForUpdatesEx", collector, Element.text("version", version),
                        Element.of("options", Element.text("maxWaitSeconds", Long.toString(waitSeconds)))).child("returnval");
                if (update.isEmpty()) {
                    continue; // no change within maxWaitSeconds
                }
                version = update.get().text("version").orElse(version);
                for (Node change : changes(update.get())) {
                    info = change.child("val").orElse(info);
                }
                String state = info == null ? "queued" : info.text("state").orElse("queued");
                if (state.equals("success")) {
                    return info.child("result");
                }
                if (state.equals("error")) {
                    Node error = info.child("error").orElseThrow();
                    String faultType = error.child("fault").map(Node::xsiType).orElse("TaskError");
                    throw new VimFault(faultType, error.text("localizedMessage").orElse(faultType));
                }
            }
        } finally {
            try {
                vim.call("DestroyPropertyCollector", collector);
            } catch (VimFault | IOException e) {
                // A collector of an ended session is gone already; vCenter drops it at logout anyway.
            }
        }
    }

    private static List<Node> changes(Node update) {
        return update.all("filterSet").stream().flatMap(filter -> filter.all("objectSet").stream())
                .flatMap(object -> object.all("changeSet").stream())
                .filter(change -> change.text("name").orElse("").equals("info")).toList();
    }

    /** Cancels the task; the error says it was, and how far it got. */
    private IOException cancelled(Mor task, String method, Duration timeout, Node info) {
        String outcome;
        try {
            vim.call("CancelTask", task);
            outcome = "cancelled (CancelTask)";
        } catch (VimFault | IOException e) {
            outcome = "not cancelled (" + e.getMessage() + ")";
        }
        String progress = info == null ? "no progress reported" : info.text("progress").map(p -> p + " %").orElse("no progress reported");
        return new IOException(method + " still running after " + timeout.toSeconds() + " s (" + progress + "): " + outcome);
    }
}
