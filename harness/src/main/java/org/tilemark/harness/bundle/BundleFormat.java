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
    /** What a bundle without a declared format is read as. */
    public static final BundleFormat UNVERSIONED = new BundleFormat(NAME, 1);
    /** What this version writes. */
    public static final BundleFormat CURRENT = new BundleFormat(NAME, 3);
    private static final String FIELD = "format";

    /** The format {@code run} (run.json's tree) declares; {@link #UNVERSIONED} when it declares none. */
    public static BundleFormat of(JsonNode run) throws UnsupportedBundleFormat {
        JsonNode declared = run.path(FIELD);
        if (declared.isMissingNode() || declared.isNull()) {
            return UNVERSIONED;
        }
        String name = declared.path("name").asText("");
        JsonNode version = declared.path("version");
        if (!NAME.equals(name) || !version.canConvertToInt()) {
            throw new UnsupportedBundleFormat(BundleLayout.RUN + " declares the format " + declared
                    + ", not " + NAME + " with a version number");
        }
        if (version.asInt() < UNVERSIONED.version() || version.asInt() > CURRENT.version()) {
            throw new UnsupportedBundleFormat(BundleLayout.RUN + " declares the format " + NAME + " version "
                    + version.asInt() + "; this Tilemark reads versions " + UNVERSIONED.version() + " to "
                    + CURRENT.version());
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
