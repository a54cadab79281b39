package org.tilemark.infra.platform;

import java.util.ServiceLoader;
import java.util.TreeSet;
import org.tilemark.config.ClusterSpec;
import org.tilemark.config.PlatformConfig;

/** Looks platforms up by name among the providers on the class path. */
public final class Platforms {

    private Platforms() {
    }

    /** Creates the platform {@code cluster.platform} names, from its own section. */
    public static Platform create(ClusterSpec cluster) throws PlatformException {
        return create(provider(cluster), cluster);
    }

    /** The connected checks of the platform {@code cluster.platform} names, made without creating anything; see {@link PlatformProvider#preflight}. */
    public static java.util.Optional<String> preflight(ClusterSpec cluster) throws PlatformException {
        return preflight(provider(cluster), cluster);
    }

    /**
     * The image import of the platform {@code cluster.platform} names; a platform that has none is a
     * {@link PlatformSettingException} naming {@code cluster.platform}.
     */
    public static ImageImport imageImport(ClusterSpec cluster) throws PlatformException {
        return imageImport(provider(cluster), cluster).orElseThrow(() -> new PlatformSettingException("cluster.platform: platform '"
                + cluster.platform() + "' cannot import an image (vsphere can)"));
    }

    private static PlatformProvider<?> provider(ClusterSpec cluster) throws PlatformException {
        TreeSet<String> known = new TreeSet<>();
        for (PlatformConfig<?> config : ServiceLoader.load(PlatformConfig.class)) {
            if (config instanceof PlatformProvider<?> provider) {
                if (provider.name().equals(cluster.platform())) {
                    return provider;
                }
                known.add(provider.name());
            }
        }
        throw new PlatformException("unknown platform '" + cluster.platform() + "' (available: " + String.join(", ", known) + ")");
    }

    private static <S extends Record> Platform create(PlatformProvider<S> provider, ClusterSpec cluster) throws PlatformException {
        return provider.create(cluster.section(provider), cluster);
    }

    private static <S extends Record> java.util.Optional<String> preflight(PlatformProvider<S> provider, ClusterSpec cluster)
            throws PlatformException {
        return provider.preflight(cluster.section(provider), cluster);
    }

    private static <S extends Record> java.util.Optional<ImageImport> imageImport(PlatformProvider<S> provider, ClusterSpec cluster) {
        return provider.imageImport(cluster.section(provider));
    }
}
