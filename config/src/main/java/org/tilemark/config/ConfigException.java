package org.tilemark.config;

import java.util.List;

/** The configuration could not be loaded; {@link #errors()} lists every problem found, one line each. */
public final class ConfigException extends Exception {

    private final List<String> errors;

    public ConfigException(List<String> errors) {
        super(String.join("\n", errors));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a ConfigException needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    public ConfigException(String error) {
        this(List.of(error));
    }

    /** Every problem, each a one-line message naming the key path it concerns. */
    public List<String> errors() {
        return errors;
    }
}
