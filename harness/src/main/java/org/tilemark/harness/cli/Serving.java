package org.tilemark.harness.cli;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.tilemark.config.BenchmarkSpec;
import org.tilemark.config.Messages;
import org.tilemark.harness.serve.LiveServer;

/** Starts the web app for {@code serve} and {@code run --serve}; an address or port it cannot bind is bad input. */
final class Serving {
    private Serving() {
    }

    /** The started server, or empty after one line on {@code err} naming the key. */
    static Optional<LiveServer> start(BenchmarkSpec spec, PrintStream out, PrintStream err) {
        try {
            return Optional.of(LiveServer.start(spec, System.getenv(), out));
        } catch (UncheckedIOException e) {
            // The token's file could not be read or generated: the message names the file.
            err.println("error: serve token: " + e.getMessage());
            return Optional.empty();
        } catch (RuntimeException e) {
            Throwable cause = e;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            err.println("error: serve.port: cannot listen on " + spec.serve().address() + ":" + spec.serve().port()
                    + " (" + Messages.clip(String.valueOf(cause.getMessage())) + ")");
            return Optional.empty();
        }
    }
}
