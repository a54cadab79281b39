package org.tilemark.harness.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The format a bundle declares in run.json: {@code "format":{"name":"tilemark-bundle","version":2}}.
 * Version 1 is every bundle written before run.json carried a format; it is read as such. Version 2
 * adds the format itself, {@code platformPublishable} (the platform's own answer) and the inventory's
 * datastores with the {@code location} the platform reports (version 1: {@code path}). Version 3 changes
 * no field: its counts agree with the histogram logs interval by interval (drivers before it counted a
 * unit a moment after timing it, so a count could land in the neighbouring interval).
 */
public record BundleFormat(String name, int version) {

    public static final String NAME = "tilemark-bundle";
    private static final int FIRST_VERSION = 1;
    /** What a bundle without a declared format is read as. */
    public static final BundleFormat UNVERSIONED = new BundleFormat(NAME, FIRST_VERSION);
    /** What this version writes. */
    public static final BundleFormat CURRENT = new BundleFormat(NAME, 3);
    /**
     * compare.json's format: version 1 is every compare.json written before it declared one, version 2 adds
     * the declaration and nothing else.
     */
    public static final BundleFormat COMPARE = new BundleFormat("tilemark-compare", 2);
    /** search.json's format: version 1 (undeclared) as for {@link #COMPARE}; version 2 adds the declaration. */
    public static final BundleFormat SEARCH = new BundleFormat("tilemark-search", 2);
    private static final String FIELD = "format";

    /** The format {@code run} (run.json's tree) declares; {@link #UNVERSIONED} when it declares none. */
    public static BundleFormat of(JsonNode run) throws UnsupportedBundleFormat {
        return declared(run, BundleLayout.RUN, CURRENT);
    }

    /**
     * The format the file {@code file} (its tree) declares, of {@code current}'s name, whose version 1 is the
     * file without a declaration; one this Tilemark does not read is refused naming what the file declares.
     */
    static BundleFormat declared(JsonNode tree, String file, BundleFormat current) throws UnsupportedBundleFormat {
        JsonNode declared = tree.path(FIELD);
        if (declared.isMissingNode() || declared.isNull()) {
            return new BundleFormat(current.name(), FIRST_VERSION);
        }
        String name = declared.path("name").asText("");
        JsonNode version = declared.path("version");
        if (!current.name().equals(name) || !version.canConvertToInt()) {
            throw new UnsupportedBundleFormat(file + " declares the format " + declared
                    + ", not " + current.name() + " with a version number");
        }
        if (version.asInt() < FIRST_VERSION || version.asInt() > current.version()) {
            throw new UnsupportedBundleFormat(file + " declares the format " + current.name() + " version "
                    + version.asInt() + "; this Tilemark reads versions " + FIRST_VERSION + " to "
                    + current.version());
        }
        return new BundleFormat(name, version.asInt());
    }

    /** A copy of {@code run} with this format as its first field. */
    ObjectNode stamp(ObjectNode run) {
        ObjectNode stamped = ResultsBundle.object();
        stamped.set(FIELD, ResultsBundle.valueToTree(this));
        run.properties().forEach(e -> {
            if (!e.getKey().equals(FIELD)) {
                stamped.set(e.getKey(), e.getValue());
            }
        });
        return stamped;
    }

    @Override
    public String toString() {
        return name + " version " + version + (equals(UNVERSIONED) ? " (written before bundles declared a format)" : "");
    }
}
