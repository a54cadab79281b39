package org.tilemark.workloads.mail;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.tilemark.config.DataSizes;

/**
 * The message size distribution in the canonical form that guestinfo carries ({@code mail.sizes}):
 * {@code BYTES:WEIGHT,...} sorted by size, e.g. {@code 2048:50,4096:20}. Canonical so that two
 * spellings of one configuration ("2KB" and "2kb") give one template.
 */
final class MailSizes {

    private MailSizes() {
    }

    /** From the configuration's map of size ("2KB") to weight. */
    static Map<Integer, Double> fromSpec(Map<String, Double> messageSizes) {
        Map<Integer, Double> result = new TreeMap<>();
        messageSizes.forEach((size, weight) -> {
            long bytes = DataSizes.parseBytes(size);
            if (bytes < 1 || bytes > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("message size " + size + " must be between 1 byte and 2 GB");
            }
            result.merge((int) bytes, weight, Double::sum);
        });
        return result;
    }

    static String canonical(Map<Integer, Double> sizes) {
        StringJoiner joined = new StringJoiner(",");
        new TreeMap<>(sizes).forEach((bytes, weight) -> joined.add(bytes + ":" + formatWeight(weight)));
        return joined.toString();
    }

    static Map<Integer, Double> parseCanonical(String text) {
        Map<Integer, Double> result = new LinkedHashMap<>();
        for (String part : text.split(",")) {
            String[] pair = part.strip().split(":");
            if (pair.length != 2) {
                throw new IllegalArgumentException("mail.sizes entry '" + part + "' is not BYTES:WEIGHT");
            }
            try {
                result.put(Integer.parseInt(pair[0].strip()), Double.parseDouble(pair[1].strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("mail.sizes entry '" + part + "' is not BYTES:WEIGHT", e);
            }
        }
        return result;
    }

    private static String formatWeight(double weight) {
        return weight == Math.rint(weight) && Math.abs(weight) < 1e15 ? Long.toString((long) weight) : Double.toString(weight);
    }
}
