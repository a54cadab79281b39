package org.tilemark.infra.platform;

import java.util.ServiceLoader;
import java.util.TreeSet;

/** Looks platforms up by name among the providers on the class path. */
public final class Platforms {

    private Platforms() {
    }

    public static Platform create(String name, PlatformSettings settings) throws PlatformException {
        TreeSet<String> known = new TreeSet<>();
        for (PlatformProvider provider : ServiceLoader.load(PlatformProvider.class)) {
            if (provider.name().equals(name)) {
                return provider.create(settings);
            }
            known.add(provider.name());
        }
        throw new PlatformException("unknown platform '" + name + "' (available: " + String.join(", ", known) + ")");
    }
}
