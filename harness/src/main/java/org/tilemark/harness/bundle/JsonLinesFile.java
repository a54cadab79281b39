package org.tilemark.harness.bundle;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A bundle's JSON-lines file read line by line as its records, for {@link BundleReader}: each good line handed on as
 * it is read (nothing kept here), each bad one noted with why, and the number of the last non-blank line.
 */
final class JsonLinesFile {

    /** Whether a line that bound to its record also holds what places it. */
    interface Placed<T> {
        boolean test(JsonNode tree, T line);
    }

    private JsonLinesFile() {
    }

    static <T, E extends Exception> Optional<BundleReader.Scan> each(ObjectMapper json, Path file, String name, Class<T> type,
                                                                     Placed<T> placed, BundleReader.LineHandler<T, E> good)
            throws IOException, E {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        List<BundleReader.BadLine> bad = new ArrayList<>();
        int number = 0;
        int lastNonBlank = 0;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String text = reader.readLine(); text != null; text = reader.readLine()) {
                number++;
                if (text.isBlank()) {
                    continue;
                }
                lastNonBlank = number;
                try {
                    JsonNode node = json.readTree(text);
                    if (node == null || !node.isObject()) {
                        bad.add(new BundleReader.BadLine(number, "not a JSON object"));
                        continue;
                    }
                    T value = json.treeToValue(node, type);
                    if (placed.test(node, value)) {
                        good.handle(new BundleReader.Line<>(number, value, node));
                    } else {
                        bad.add(new BundleReader.BadLine(number, "lacks what places it"));
                    }
                } catch (JsonProcessingException | IllegalArgumentException e) {
                    bad.add(new BundleReader.BadLine(number, e instanceof JsonParseException
                            ? "not valid JSON (" + BundleReader.oneLine(e) + ")"
                            : "does not fit its record (" + BundleReader.oneLine(e) + ")"));
                }
            }
        } catch (CharacterCodingException e) {
            throw new BundleReader.NotText(name);
        }
        return Optional.of(new BundleReader.Scan(name, bad, lastNonBlank));
    }
}
