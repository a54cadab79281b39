package org.tilemark.workloads.dvdstore.db;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.tilemark.workloads.guest.postgres.CopyTextWriter;

/** Test helper: runs a row writer into memory and splits the COPY text back into fields. */
final class GeneratedRows {

    private GeneratedRows() {
    }

    static List<String[]> of(Consumer<CopyTextWriter> rows) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CopyTextWriter writer = new CopyTextWriter((buffer, length) -> bytes.write(buffer, 0, length));
        rows.accept(writer);
        writer.flush();
        List<String[]> parsed = new ArrayList<>();
        for (String line : bytes.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                parsed.add(line.split("\t", -1));
            }
        }
        return parsed;
    }

    static String text(Consumer<CopyTextWriter> rows) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CopyTextWriter writer = new CopyTextWriter((buffer, length) -> bytes.write(buffer, 0, length));
        rows.accept(writer);
        writer.flush();
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
