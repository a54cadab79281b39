package org.tilemark.infra.platform;

import org.tilemark.config.ClusterSpec;
import org.tilemark.config.PlatformConfig;

/**
 * A platform backend: its configuration section (see {@link PlatformConfig}) and how to connect to it.
 * One package per backend; register the provider in {@code META-INF/services/org.tilemark.config.PlatformConfig}
 * (the one registration serves both the configuration loader and {@link Platforms}).
 *
 * @param <S> the record type of the backend's section {@code cluster.<name>}
 */
public interface PlatformProvider<S extends Record> extends PlatformConfig<S> {

    /**
     * Connects to the platform (or, for the local one, prepares it).
     *
     * @param section the backend's own section, validated
     * @param cluster the neutral cluster settings (e.g. the address endpoints listen on)
     * @throws PlatformSettingException when a setting is wrong for this cluster (a directory missing, a
     *                                  host unreachable), naming its key
     */
    Platform create(S section, ClusterSpec cluster) throws PlatformException;

    /**
     * The checks {@link #create} makes of the cluster before it returns (the settings found, the user's rights), made
     * and then let go without creating anything, for {@code tilemark validate}; what was checked as one line, or empty
     * for a platform with no such checks beyond its section's. A platform that does not answer at all is a
     * {@link PlatformUnreachableException}, which {@code validate} reports as not checked rather than as bad input.
     */
    default java.util.Optional<String> preflight(S section, ClusterSpec cluster) throws PlatformException {
        return java.util.Optional.empty();
    }

    /** How this platform imports a guest image as its template, if it can ({@code tilemark image push}). */
    default java.util.Optional<ImageImport> imageImport(S section) {
        return java.util.Optional.empty();
    }
}
