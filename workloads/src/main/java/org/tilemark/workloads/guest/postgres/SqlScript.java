package org.tilemark.workloads.guest.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A SQL resource split into statements at {@code ;} line ends, keeping {@code $$ ... $$} bodies whole. */
public final class SqlScript {

    private SqlScript() {
    }

    public static List<String> statements(String resource) {
        try (InputStream in = SqlScript.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("SQL resource " + resource + " is missing");
            }
            return split(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<String> split(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inBody = false;
        for (String line : script.split("\n")) {
            String trimmed = line.strip();
            if (!inBody && (trimmed.startsWith("--") || trimmed.isEmpty())) {
                continue;
            }
            current.append(line).append('\n');
            if (countDollarQuotes(line) % 2 == 1) {
                inBody = !inBody;
            }
            if (!inBody && trimmed.endsWith(";")) {
                String statement = current.toString().strip();
                statements.add(statement.substring(0, statement.length() - 1));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            statements.add(current.toString().strip());
        }
        return statements;
    }

    private static int countDollarQuotes(String line) {
        int count = 0;
        for (int i = line.indexOf("$$"); i >= 0; i = line.indexOf("$$", i + 2)) {
            count++;
        }
        return count;
    }
}
