package org.tilemark.workloads.mail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A plain-socket IMAP session, independent of Jakarta Mail: proof that the server really speaks IMAP. */
final class RawImap implements AutoCloseable {

    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    RawImap(String host, int port) throws IOException {
        socket = new Socket(host, port);
        socket.setSoTimeout(10_000);
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
        out = socket.getOutputStream();
        String greeting = in.readLine();
        if (greeting == null || !greeting.startsWith("* OK")) {
            throw new IOException("no IMAP greeting: " + greeting);
        }
    }

    /** Sends {@code tag command} and returns every line up to and including the tagged response. */
    List<String> command(String tag, String command) throws IOException {
        out.write((tag + " " + command + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        List<String> lines = new ArrayList<>();
        for (String line; (line = in.readLine()) != null; ) {
            lines.add(line);
            if (line.startsWith(tag + " ")) {
                return lines;
            }
        }
        throw new IOException("connection closed after " + lines);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
