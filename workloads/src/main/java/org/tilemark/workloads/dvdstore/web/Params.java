package org.tilemark.workloads.dvdstore.web;

/** Request parameter parsing with one-line messages for HTTP 400. */
final class Params {

    private Params() {
    }

    static String text(String name, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new BadRequestException("parameter '" + name + "' is required");
        }
        return optionalText(name, value, maxLength);
    }

    static String optionalText(String name, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String stripped = value.strip();
        if (stripped.length() > maxLength) {
            throw new BadRequestException("parameter '" + name + "' is longer than " + maxLength + " characters");
        }
        return stripped;
    }

    static long number(String name, String value, long min, long max) {
        if (value == null || value.isBlank()) {
            throw new BadRequestException("parameter '" + name + "' is required");
        }
        return optionalNumber(name, value, min, max);
    }

    static Long optionalNumber(String name, String value, long min, long max) {
        if (value == null || value.isBlank()) {
            return null;
        }
        long parsed;
        try {
            parsed = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new BadRequestException("parameter '" + name + "' is not a number");
        }
        if (parsed < min || parsed > max) {
            throw new BadRequestException("parameter '" + name + "' must be in " + min + ".." + max);
        }
        return parsed;
    }

    static int id(String name, String value) {
        return (int) number(name, value, 1, Integer.MAX_VALUE);
    }

    static int batch(String value) {
        return (int) number("batch", value, 1, StoreLimits.MAX_BATCH);
    }

    static String oneOf(String name, String value, String... allowed) {
        String given = text(name, value, 20);
        for (String candidate : allowed) {
            if (candidate.equalsIgnoreCase(given)) {
                return candidate;
            }
        }
        throw new BadRequestException("parameter '" + name + "' must be one of " + String.join(", ", allowed));
    }
}
