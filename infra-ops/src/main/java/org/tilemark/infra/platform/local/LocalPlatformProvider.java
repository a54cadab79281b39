package org.tilemark.infra.platform.local;

import java.io.IOException;
import org.tilemark.infra.platform.Platform;
import org.tilemark.infra.platform.PlatformException;
import org.tilemark.infra.platform.PlatformProvider;
import org.tilemark.infra.platform.PlatformSettings;

/** Provides the local platform (the embedded default). */
public final class LocalPlatformProvider implements PlatformProvider {

    @Override
    public String name() {
        return "local";
    }

    @Override
    public Platform create(PlatformSettings settings) throws PlatformException {
        try {
            return new LocalPlatform(settings);
        } catch (IOException e) {
            throw new PlatformException("local platform: cannot prepare " + settings.workDir() + ": " + e.getMessage(), e);
        }
    }
}
