package org.tilemark.infra.ops;

import java.util.Arrays;
import java.util.List;
import org.tilemark.infra.platform.Placement;

/**
 * The infrastructure operation types: the id results and configuration spell them with, and the
 * name reports show. Declared in the order reports list them.
 */
public enum InfraOperationType {
    VMOTION("vmotion", "vMotion"),
    STORAGE_VMOTION("storage-vmotion", "Storage vMotion"),
    XVMOTION("xvmotion", "XvMotion"),
    DEPLOY("deploy", "Deploy");

    private final String id;
    private final String displayName;

    InfraOperationType(String id, String displayName) {
        this.id = id;
        this.displayName = displayName;
    }

    public String id() {
        return id;
    }

    public String displayName() {
        return displayName;
    }

    /** Every type's id, in report order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(InfraOperationType::id).toList();
    }

    /**
     * The migration that takes a VM from {@code from} to {@code to}: both host and datastore changed is an
     * XvMotion, only the datastore a Storage vMotion, otherwise a vMotion (how a move the platform made is named).
     */
    public static InfraOperationType ofMove(Placement from, Placement to) {
        boolean host = !from.host().equals(to.host());
        boolean datastore = !from.datastore().equals(to.datastore());
        return host && datastore ? XVMOTION : datastore ? STORAGE_VMOTION : VMOTION;
    }

    /** The display name of the type with this id; an id of no known type shows as itself. */
    public static String displayName(String id) {
        return Arrays.stream(values()).filter(t -> t.id.equals(id)).findFirst().map(InfraOperationType::displayName).orElse(id);
    }
}
